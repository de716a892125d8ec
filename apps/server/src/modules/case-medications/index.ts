export { caseMedicationsModule, type CaseMedicationsModuleOptions } from './routes.js';
export { insertMedicationRecord, type MedicationTarget } from './medications.js';
export { insertRamRecord } from './rams.js';
