import { WIZARD_STEPS, type ErEvent, type WizardStep } from '@atalaya/domain';
import type { LeaveResult } from './step-contract';

/** `/edit/` edits the case itself; `/edit/2` builds a follow-up report (event spec §2.4). */
export type WizardMode = 'case' | 'followUp';

export function wizardMode(type: string | undefined): WizardMode {
  return type === '2' ? 'followUp' : 'case';
}

export const LAST_STEP = (WIZARD_STEPS.length - 1) as WizardStep;

/** The step to open first: `?step=n` reopens a step (0–7); anything else starts at 0. */
export function initialStep(param: string | null): WizardStep {
  if (param === null || !/^\d+$/.test(param.trim())) return 0;
  const step = Number(param.trim());
  return (step <= LAST_STEP ? step : 0) as WizardStep;
}

/**
 * Why the wizard is not offered for this case, or null: editing needs `CanEdit`, a follow-up
 * report `CanCreateFollowUp` (both computed by the server for the signed-in user).
 */
export function wizardRefusal(event: Pick<ErEvent, 'CanEdit' | 'CanCreateFollowUp'>, mode: WizardMode): WizardMode | null {
  if (mode === 'case') return event.CanEdit ? null : 'case';
  return event.CanCreateFollowUp ? null : 'followUp';
}

/**
 * A click on a step header (event spec §2.4): an earlier step is reached by leaving the
 * current one backwards; a later step only one at a time, by leaving forwards (each step in
 * between must pass its own checks). Null: the click does nothing.
 */
export function headerDirection(current: number, target: number): 'back' | 'forward' | null {
  if (target < current) return 'back';
  if (target === current + 1) return 'forward';
  return null;
}

/** Whether a step header can be clicked from the current step. */
export function canSelectStep(current: number, index: number): boolean {
  return index !== current && headerDirection(current, index) !== null;
}

/** What a step does when asked to leave (its form's state): save, move on, refuse, or ask. */
export type LeavePlan = 'save' | 'skip' | 'block' | 'dirty-invalid';

/**
 * The leave/guard rule of a form step (event spec §4 'Wizard progression'):
 * - a valid form is saved when it holds changes or was never stored (its first save), else it just moves;
 * - an invalid form blocks the way forward (its errors show);
 * - going back with an invalid form that holds changes asks '¡Se perderán los datos sí continúa!';
 *   without changes there is nothing to lose.
 */
export function decideLeave(direction: 'forward' | 'back', valid: boolean, dirty: boolean, neverSaved = false): LeavePlan {
  if (valid) return dirty || neverSaved ? 'save' : 'skip';
  if (direction === 'forward') return 'block';
  return dirty ? 'dirty-invalid' : 'skip';
}

/**
 * A step that has not set its handle yet (still loading, or failed to load): going back is
 * harmless, going forward would skip its checks.
 */
export function resultWithoutHandle(direction: 'forward' | 'back'): LeaveResult {
  return direction === 'back' ? 'ok' : 'blocked';
}

/** What the shell does with a step's answer: move, stay, or confirm the loss of unsaved data. */
export function shellMove(direction: 'forward' | 'back', result: LeaveResult): 'move' | 'stay' | 'confirm' {
  if (result === 'ok') return 'move';
  if (result === 'dirty-invalid') return direction === 'back' ? 'confirm' : 'stay';
  return 'stay';
}
