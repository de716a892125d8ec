// The assessment of a case: RAM classification, product recovery, Naranjo evaluation.
export { EvaluationSummary } from './evaluation-summary';
export { RamTab } from './ram-tab';
export { RecoveryTab } from './recovery-tab';
