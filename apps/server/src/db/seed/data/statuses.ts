import type { SeedStatus } from './types.js';

/** Reportable event statuses (docs: shared/design/workflow.md). There is no status 10. */
export const eventStatuses: SeedStatus[] = [
  { id: 1, name: 'Pendiente' },
  { id: 2, name: 'En revisión RLF' },
  { id: 3, name: 'En evaluación QPPV' },
  { id: 4, name: 'Más información' },
  { id: 5, name: 'En espera de fabricante' },
  { id: 6, name: 'Cerrado imputable' },
  { id: 7, name: 'Cerrado no imputable' },
  { id: 8, name: 'Archivado RLF' },
  { id: 9, name: 'Archivado QPPV' },
  { id: 11, name: 'Anulado' },
];

/** Statuses of an incoming report from the public site; 4 Ingresado is ours: the report became a case. */
export const homeReportStatuses: SeedStatus[] = [
  { id: 1, name: 'Nuevo' },
  { id: 2, name: 'En revisión' },
  { id: 3, name: 'Descartado' },
  { id: 4, name: 'Ingresado' },
];
