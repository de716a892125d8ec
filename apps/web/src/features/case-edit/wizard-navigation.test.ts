import { describe, expect, it } from 'vitest';
import {
  canSelectStep,
  decideLeave,
  headerDirection,
  initialStep,
  resultWithoutHandle,
  shellMove,
  wizardMode,
  wizardRefusal,
} from './wizard-navigation';

describe('leaving a step (decideLeave)', () => {
  it('saves a valid form that changed, in either direction', () => {
    expect(decideLeave('forward', true, true)).toBe('save');
    expect(decideLeave('back', true, true)).toBe('save');
  });

  it('saves a valid form that was never stored, even untouched', () => {
    expect(decideLeave('forward', true, false, true)).toBe('save');
  });

  it('moves without a call when a valid form did not change', () => {
    expect(decideLeave('forward', true, false)).toBe('skip');
    expect(decideLeave('back', true, false)).toBe('skip');
  });

  it('blocks the way forward while the form is invalid', () => {
    expect(decideLeave('forward', false, true)).toBe('block');
    expect(decideLeave('forward', false, false)).toBe('block');
  });

  it('asks before going back with invalid changes, and not when nothing was typed', () => {
    expect(decideLeave('back', false, true)).toBe('dirty-invalid');
    expect(decideLeave('back', false, false)).toBe('skip');
    expect(decideLeave('back', false, false, true)).toBe('skip');
  });
});

describe('what the shell does with the answer (shellMove)', () => {
  it('moves on ok', () => {
    expect(shellMove('forward', 'ok')).toBe('move');
    expect(shellMove('back', 'ok')).toBe('move');
  });

  it('stays when the step refuses', () => {
    expect(shellMove('forward', 'blocked')).toBe('stay');
    expect(shellMove('back', 'blocked')).toBe('stay');
  });

  it("confirms '¡Se perderán los datos sí continúa!' only when going back", () => {
    expect(shellMove('back', 'dirty-invalid')).toBe('confirm');
    expect(shellMove('forward', 'dirty-invalid')).toBe('stay');
  });

  it('lets a step that has not loaded be left backwards but not skipped forwards', () => {
    expect(shellMove('back', resultWithoutHandle('back'))).toBe('move');
    expect(shellMove('forward', resultWithoutHandle('forward'))).toBe('stay');
  });
});

describe('step headers', () => {
  it('go back to any earlier step and forward only to the next one', () => {
    expect(headerDirection(4, 0)).toBe('back');
    expect(headerDirection(4, 3)).toBe('back');
    expect(headerDirection(4, 5)).toBe('forward');
    expect(headerDirection(4, 6)).toBeNull();
    expect(headerDirection(4, 4)).toBeNull();
  });

  it('are clickable accordingly, never the current one', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].filter((index) => canSelectStep(2, index))).toEqual([0, 1, 3]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].filter((index) => canSelectStep(0, index))).toEqual([1]);
  });
});

describe('opening the wizard', () => {
  it('starts at step 0, or the step named by ?step=n', () => {
    expect(initialStep(null)).toBe(0);
    expect(initialStep('3')).toBe(3);
    expect(initialStep('7')).toBe(7);
  });

  it('ignores a step that does not exist', () => {
    expect(initialStep('8')).toBe(0);
    expect(initialStep('-1')).toBe(0);
    expect(initialStep('dos')).toBe(0);
    expect(initialStep('1.5')).toBe(0);
  });

  it("writes a follow-up report for type '2' and edits the case otherwise", () => {
    expect(wizardMode('2')).toBe('followUp');
    expect(wizardMode(undefined)).toBe('case');
    expect(wizardMode('')).toBe('case');
  });

  it('is refused when the server says the user may not edit, or may not write a follow-up', () => {
    expect(wizardRefusal({ CanEdit: true, CanCreateFollowUp: false }, 'case')).toBeNull();
    expect(wizardRefusal({ CanEdit: false, CanCreateFollowUp: true }, 'case')).toBe('case');
    expect(wizardRefusal({ CanEdit: false, CanCreateFollowUp: true }, 'followUp')).toBeNull();
    expect(wizardRefusal({ CanEdit: true, CanCreateFollowUp: false }, 'followUp')).toBe('followUp');
  });
});
