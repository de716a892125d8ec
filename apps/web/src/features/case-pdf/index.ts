// The case PDFs (event spec §2.3 'Historial de PDFs').
export { PdfsTab } from './pdfs-tab';
