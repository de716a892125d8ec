// 'Importar E2B' (issue 29 §4, docs/e2b-import.md): the modal of Importación de datos and of Tareas.
export { E2bImportModal, type E2bImportModalProps } from './e2b-import-modal';
export { E2bImportButton } from './e2b-import-button';
