export { caseMedicationsModule, type CaseMedicationsModuleOptions } from './routes.js';
export { insertMedicationRecord, loadMedications, medicationsOfCase, type MedicationTarget } from './medications.js';
export {
  medicationIngredientRows,
  medicationRows,
  type RamRow,
  ramRows,
  recoveryOf,
  type MedicationIngredientRow,
  type MedicationRow,
  type RecoveryRow,
} from './queries.js';
export { insertRamRecord, loadRams, ramsOfCase, seriousnessColumns, updateRam } from './rams.js';
