import type { SeedGroup } from './types.js';

/**
 * Types of occurrence (Grupo 1–5) and their sub-groups. Sub-group ids are unique across groups.
 * Sub-group 0 is given to reports from the public site; the wizard requires an adverse event
 * for GrupoId 1 with SubGrupoId 1.
 */
export const groups: SeedGroup[] = [
  {
    id: 1,
    title: 'Reacción adversa a medicamento',
    subGroups: [
      { id: 0, code: '0', name: 'Sin clasificar (reporte de la web)' },
      { id: 1, code: 'RAM', name: 'Reacción adversa a medicamento' },
      { id: 2, code: 'INTERACCION', name: 'Interacción medicamentosa' },
      { id: 3, code: 'ESAVI', name: 'Evento supuestamente atribuible a vacunación o inmunización (ESAVI)' },
      { id: 4, code: 'RETIRADA', name: 'Reacción por suspensión del tratamiento (efecto rebote)' },
    ],
  },
  {
    id: 2,
    title: 'Falta de eficacia',
    subGroups: [
      { id: 10, code: 'FALTA-EFICACIA', name: 'Falta de eficacia terapéutica' },
      { id: 11, code: 'FALTA-EFICACIA-CALIDAD', name: 'Falta de eficacia con sospecha de problema de calidad' },
      { id: 12, code: 'FALLA-VACUNAL', name: 'Falla vacunal' },
    ],
  },
  {
    id: 3,
    title: 'Error de medicación',
    subGroups: [
      { id: 20, code: 'ERROR-PRESCRIPCION', name: 'Error de prescripción' },
      { id: 21, code: 'ERROR-DISPENSACION', name: 'Error de dispensación' },
      { id: 22, code: 'ERROR-ADMINISTRACION', name: 'Error de administración' },
      { id: 23, code: 'ERROR-CONFUSION', name: 'Confusión por nombre o envase similar' },
    ],
  },
  {
    id: 4,
    title: 'Desvío o reclamo de calidad',
    subGroups: [
      { id: 30, code: 'CALIDAD-DEFECTO', name: 'Defecto del producto o del envase' },
      { id: 31, code: 'CALIDAD-FALSIFICACION', name: 'Sospecha de falsificación' },
      { id: 32, code: 'CALIDAD-ALTERACION', name: 'Contaminación o alteración de las características' },
      { id: 33, code: 'CALIDAD-ROTULADO', name: 'Rotulado o prospecto incorrecto' },
    ],
  },
  {
    id: 5,
    title: 'Situación especial',
    subGroups: [
      { id: 40, code: 'EMBARAZO', name: 'Exposición durante el embarazo' },
      { id: 41, code: 'LACTANCIA', name: 'Exposición durante la lactancia' },
      { id: 42, code: 'SOBREDOSIS', name: 'Sobredosis' },
      { id: 43, code: 'FUERA-INDICACION', name: 'Uso fuera de indicación' },
      { id: 44, code: 'ABUSO', name: 'Abuso o mal uso' },
      { id: 45, code: 'EXPOSICION-OCUPACIONAL', name: 'Exposición ocupacional' },
    ],
  },
];
