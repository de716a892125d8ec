import { allowedSendActions, type Role, type SendAction } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { arrangeActions } from './action-weight';

const offered = (codes: readonly SendAction[]) => codes.map((Accion) => ({ Accion, CambiaEstado: Accion !== 'DescargarPdf' && Accion !== 'Audit' }));
const codes = (actions: readonly { Accion: SendAction }[]) => actions.map((action) => action.Accion);
function arranged(status: number, role: Role, evaluationComplete = false) {
  const result = arrangeActions(offered(allowedSendActions({ status, role, isCreator: false, evaluationComplete })));
  return { primary: codes(result.primary), inline: codes(result.inline), more: codes(result.more) };
}

describe('the weight of the actions in the bar', () => {
  it('makes the forward action of each role and status the only primary one', () => {
    expect(arranged(2, 'RLF').primary).toEqual(['AprobarRLF']);
    expect(arranged(4, 'RLF').primary).toEqual(['ActivarRLF']);
    expect(arranged(5, 'Fabricante').primary).toEqual(['AprobarFabricante']);
    expect(arranged(3, 'QPPV').primary).toEqual(['EnEsperaFabricante']);
  });

  it('offers both conclusions together as the QPPV primary once the evaluation is complete', () => {
    expect(arranged(3, 'QPPV', true)).toEqual({
      primary: ['Imputable', 'NoImputable'],
      inline: ['EnEsperaFabricante'],
      more: ['MasInfo', 'ArchivarQPPV', 'DescargarPdf', 'Audit'],
    });
  });

  it('has no primary action on an archived or closed case', () => {
    expect(arranged(8, 'RLF').primary).toEqual([]);
    expect(arranged(6, 'QPPV').primary).toEqual([]);
  });

  it('keeps one quiet status change inline and puts the rest, PDF and audit last, in the menu', () => {
    expect(arranged(2, 'RLF')).toEqual({ primary: ['AprobarRLF'], inline: ['MasInfo'], more: ['ArchivarRLF', 'DescargarPdf'] });
  });

  it('shows every offered action exactly once', () => {
    for (const [status, role] of [[2, 'RLF'], [3, 'QPPV'], [4, 'RLF'], [5, 'Fabricante'], [6, 'QPPV'], [8, 'RLF'], [9, 'QPPV']] as const) {
      const all = allowedSendActions({ status, role, isCreator: false, evaluationComplete: true });
      const { primary, inline, more } = arranged(status, role, true);
      expect([...primary, ...inline, ...more].sort()).toEqual([...all].sort());
    }
  });
});
