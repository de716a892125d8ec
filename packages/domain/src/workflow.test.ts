import { describe, expect, it } from 'vitest';
import type { Role } from './roles.js';
import {
  actionRefusal,
  allowedActions,
  allowedSendActions,
  nextStatus,
  pendingStatusesForRole,
  type ActionContext,
} from './workflow.js';

const ctx = (status: number, role: Role, extra: Partial<ActionContext> = {}): ActionContext => ({
  status,
  role,
  isCreator: false,
  evaluationComplete: false,
  ...extra,
});

describe('case workflow: allowed actions per role and status', () => {
  it('lets only the creator finish a draft, and RLF/QPPV/creator annul it', () => {
    expect(allowedActions(ctx(1, 'RLF', { isCreator: true }))).toEqual(['Finalizar', 'Anular']);
    expect(allowedActions(ctx(1, 'RLF'))).toEqual(['Anular']);
    expect(allowedActions(ctx(1, 'Fabricante'))).toEqual([]);
    expect(allowedActions(ctx(1, 'CL', { isCreator: true }))).toEqual(['Finalizar', 'Anular']);
  });

  it('gives RLF the review actions in status 2', () => {
    expect(allowedActions(ctx(2, 'RLF'))).toEqual(['AprobarRLF', 'MasInfo', 'ArchivarRLF', 'Anular', 'DescargarPdf']);
    expect(allowedActions(ctx(2, 'QPPV'))).toEqual(['Anular', 'DescargarPdf', 'Audit']);
  });

  it('gives QPPV the evaluation actions in status 3, conclusions only with a complete evaluation', () => {
    expect(allowedActions(ctx(3, 'QPPV'))).toEqual([
      'MasInfo',
      'EnEsperaFabricante',
      'ArchivarQPPV',
      'Anular',
      'DescargarPdf',
      'Audit',
    ]);
    expect(allowedActions(ctx(3, 'QPPV', { evaluationComplete: true }))).toEqual([
      'MasInfo',
      'EnEsperaFabricante',
      'Imputable',
      'NoImputable',
      'ArchivarQPPV',
      'Anular',
      'DescargarPdf',
      'Audit',
    ]);
    expect(allowedActions(ctx(3, 'RLF'))).toEqual(['Anular', 'DescargarPdf']);
  });

  it('lets the manufacturer answer in status 5 and QPPV reopen closed cases', () => {
    expect(allowedActions(ctx(5, 'Fabricante'))).toEqual(['AprobarFabricante', 'DescargarPdf']);
    for (const status of [6, 7, 9]) {
      expect(allowedActions(ctx(status, 'QPPV'))).toEqual(['ActivarQPPV', 'DescargarPdf', 'Audit']);
    }
    expect(allowedActions(ctx(8, 'RLF'))).toEqual(['DesarchivarRLF', 'DescargarPdf']);
    expect(allowedActions(ctx(4, 'RLF'))).toEqual(['ActivarRLF', 'ArchivarRLF', 'Anular', 'DescargarPdf']);
  });

  it('freezes an annulled case: no transitions, no PDF, only audit', () => {
    expect(allowedActions(ctx(11, 'QPPV', { isCreator: true }))).toEqual(['Audit']);
    expect(allowedActions(ctx(11, 'ADMIN'))).toEqual(['Audit']);
    expect(allowedActions(ctx(11, 'RLF', { isCreator: true }))).toEqual([]);
  });

  it('lists only sendAccion actions for getActionsERByMeta', () => {
    expect(allowedSendActions(ctx(1, 'RLF', { isCreator: true }))).toEqual([]);
    expect(allowedSendActions(ctx(4, 'RLF'))).toEqual(['ActivarRLF', 'ArchivarRLF', 'DescargarPdf']);
  });

  it('explains a refusal: status, role or evaluation', () => {
    expect(actionRefusal('AprobarRLF', ctx(3, 'RLF'))).toBe('status');
    expect(actionRefusal('AprobarRLF', ctx(2, 'QPPV'))).toBe('role');
    expect(actionRefusal('Finalizar', ctx(1, 'RLF'))).toBe('role');
    expect(actionRefusal('Imputable', ctx(3, 'QPPV'))).toBe('evaluation');
    expect(actionRefusal('Imputable', ctx(3, 'QPPV', { evaluationComplete: true }))).toBeNull();
    expect(actionRefusal('MasInfo', ctx(3, 'RLF'))).toBe('role');
    expect(actionRefusal('Anular', ctx(5, 'Fabricante', { isCreator: true }))).toBeNull();
    expect(actionRefusal('Audit', ctx(6, 'RLF'))).toBe('role');
  });
});

describe('case workflow: next status', () => {
  it('follows the table', () => {
    expect(nextStatus('Finalizar', 1)).toBe(2);
    expect(nextStatus('AprobarRLF', 2)).toBe(3);
    expect(nextStatus('MasInfo', 2)).toBe(4);
    expect(nextStatus('MasInfo', 3)).toBe(4);
    expect(nextStatus('ActivarRLF', 4)).toBe(2);
    expect(nextStatus('ArchivarRLF', 4)).toBe(8);
    expect(nextStatus('DesarchivarRLF', 8)).toBe(2);
    expect(nextStatus('EnEsperaFabricante', 3)).toBe(5);
    expect(nextStatus('AprobarFabricante', 5)).toBe(3);
    expect(nextStatus('Imputable', 3)).toBe(6);
    expect(nextStatus('NoImputable', 3)).toBe(7);
    expect(nextStatus('ArchivarQPPV', 3)).toBe(9);
    expect(nextStatus('ActivarQPPV', 7)).toBe(3);
    expect(nextStatus('Anular', 5)).toBe(11);
  });

  it('keeps the status for PDF and audit, and is null where the action does not apply', () => {
    expect(nextStatus('DescargarPdf', 6)).toBe(6);
    expect(nextStatus('Audit', 11)).toBe(11);
    expect(nextStatus('Anular', 6)).toBeNull();
    expect(nextStatus('DescargarPdf', 1)).toBeNull();
  });
});

describe('Mis acciones pendientes', () => {
  it('lists the statuses that wait on each role', () => {
    expect(pendingStatusesForRole('RLF')).toEqual([1, 2, 4]);
    expect(pendingStatusesForRole('QPPV')).toEqual([1, 3]);
    expect(pendingStatusesForRole('Fabricante')).toEqual([5]);
    expect(pendingStatusesForRole('CL')).toEqual([]);
    expect(pendingStatusesForRole('ADMIN')).toEqual([]);
  });
});
