import { describe, expect, it } from 'vitest';
import { ER_STATUS } from './event-status.js';
import { ROLES, type Role } from './roles.js';
import { actionRefusal, nextStatus, SEND_ACTIONS, type CaseAction } from './workflow.js';

/**
 * The whole workflow table of workflow.md, written out a second time, independently of
 * `WORKFLOW`: every status × action × role × creator × evaluation state is checked against
 * it, allowed and refused. A change to either one that the other does not share fails here.
 */

type Who = Role | 'creator';
interface Expected {
  from: readonly number[];
  to: number | null;
  who: readonly Who[];
  /** MasInfo: who depends on the status. */
  whoByStatus?: Readonly<Record<number, readonly Who[]>>;
  needsEvaluation?: boolean;
}

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11] as const;

// workflow.md 'Actions (status → status, who)', row by row.
const TABLE: Readonly<Record<CaseAction, Expected>> = {
  Finalizar: { from: [1], to: 2, who: ['creator'] },
  AprobarRLF: { from: [2], to: 3, who: ['RLF'] },
  MasInfo: { from: [2, 3], to: 4, who: [], whoByStatus: { 2: ['RLF'], 3: ['QPPV'] } },
  ActivarRLF: { from: [4], to: 2, who: ['RLF'] },
  ArchivarRLF: { from: [2, 4], to: 8, who: ['RLF'] },
  DesarchivarRLF: { from: [8], to: 2, who: ['RLF'] },
  EnEsperaFabricante: { from: [3], to: 5, who: ['QPPV'] },
  AprobarFabricante: { from: [5], to: 3, who: ['Fabricante'] },
  Imputable: { from: [3], to: 6, who: ['QPPV'], needsEvaluation: true },
  NoImputable: { from: [3], to: 7, who: ['QPPV'], needsEvaluation: true },
  ArchivarQPPV: { from: [3], to: 9, who: ['QPPV'] },
  ActivarQPPV: { from: [6, 7, 9], to: 3, who: ['QPPV'] },
  Anular: { from: [1, 2, 3, 4, 5], to: 11, who: ['creator', 'RLF', 'QPPV'] },
  DescargarPdf: { from: [2, 3, 4, 5, 6, 7, 8, 9], to: null, who: [...ROLES] },
  Audit: { from: ALL, to: null, who: ['QPPV', 'ADMIN'] },
};

const ACTIONS = Object.keys(TABLE) as CaseAction[];

function expectedRefusal(action: CaseAction, status: number, role: Role, isCreator: boolean, evaluationComplete: boolean) {
  const row = TABLE[action];
  if (!row.from.includes(status)) return 'status';
  const who = row.whoByStatus?.[status] ?? row.who;
  if (!who.includes(role) && !(isCreator && who.includes('creator'))) return 'role';
  if (row.needsEvaluation && !evaluationComplete) return 'evaluation';
  return null;
}

describe('the workflow table, exhaustively', () => {
  it('names every sendAccion action, plus finishing the wizard and annulling', () => {
    expect(new Set(ACTIONS)).toEqual(new Set([...SEND_ACTIONS, 'Finalizar', 'Anular']));
  });

  it('allows and refuses exactly what workflow.md says for every status, action, role and creator', () => {
    let checked = 0;
    let allowed = 0;
    for (const status of ALL) {
      for (const action of ACTIONS) {
        for (const role of ROLES) {
          // An ADMIN creates no case (createEventMode), so it is never a creator.
          for (const isCreator of role === 'ADMIN' ? [false] : [false, true]) {
            for (const evaluationComplete of [false, true]) {
              const expected = expectedRefusal(action, status, role, isCreator, evaluationComplete);
              const actual = actionRefusal(action, { status, role, isCreator, evaluationComplete });
              expect(actual, `${action} in ${status} by ${role}${isCreator ? ' (creator)' : ''}, evaluation ${evaluationComplete}`).toBe(expected);
              checked += 1;
              if (expected === null) allowed += 1;
            }
          }
        }
      }
    }
    expect(checked).toBe(ALL.length * ACTIONS.length * (ROLES.length * 4 - 2));
    expect(allowed).toBeGreaterThan(0);
  });

  it('moves each allowed action to the status the table gives', () => {
    for (const action of ACTIONS) {
      const row = TABLE[action];
      for (const status of ALL) {
        const expected = row.from.includes(status) ? (row.to ?? status) : null;
        expect(nextStatus(action, status), `${action} from ${status}`).toBe(expected);
      }
    }
  });

  it('never lets an annulled case move', () => {
    for (const action of ACTIONS) {
      if (action === 'Audit') continue;
      for (const role of ROLES) {
        expect(actionRefusal(action, { status: ER_STATUS.ANULADO, role, isCreator: true, evaluationComplete: true })).toBe('status');
      }
    }
  });
});
