export { caseMedicationsModule, type CaseMedicationsModuleOptions } from './routes.js';
export { insertMedicationRecord, loadMedications, type MedicationTarget } from './medications.js';
export { insertRamRecord, loadRams, seriousnessColumns, updateRam } from './rams.js';
