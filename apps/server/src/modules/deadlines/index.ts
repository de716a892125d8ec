export { type DeadlineScope, type MissedDeadline, nextActorsCondition, notifyMissedDeadlines, refreshCaseDeadlines, refreshStatement } from './engine.js';
