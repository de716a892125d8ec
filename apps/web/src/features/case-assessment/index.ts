// The assessment of a case: RAM classification, product recovery, Naranjo evaluation and WHO-UMC causality.
export { EvaluationSummary } from './evaluation-summary';
export { ImputabilityTab } from './imputability-tab';
export { RamTab } from './ram-tab';
export { RecoveryTab } from './recovery-tab';
