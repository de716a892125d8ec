export { type DeadlineScope, type MissedDeadline, nextActorsCondition, notifyMissedDeadlines, refreshCaseDeadlines, refreshStatement, rowsOf } from './engine.js';
export { createDeadlineEvents, type DeadlineEvents, type DeadlinesMissed, onDeadlinesMissed } from './events.js';
export { type DeadlineSweeper, startDeadlineSweeper, SWEEP_INTERVAL_MS, SWEEP_LOCK_KEY, sweepOverdueDeadlines, type SweepOutcome } from './sweep.js';
