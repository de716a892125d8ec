import { describe, expect, it } from 'vitest';
import { caseRowActions } from './row-actions';

const row = (Estado: number, over: { CountFollowUp?: number; EsCreador?: boolean } = {}) => ({
  Estado,
  CountFollowUp: 0,
  EsCreador: false,
  ...over,
});

describe('case row actions', () => {
  it('offers comments only on a non-pending case, follow-ups only when it has some', () => {
    expect(caseRowActions(row(1, { EsCreador: true, CountFollowUp: 2 }), 'RLF')).toEqual(['annul', 'open']);
    expect(caseRowActions(row(2), 'RLF')).toEqual(['comments', 'annul', 'open']);
    expect(caseRowActions(row(3, { CountFollowUp: 1 }), 'QPPV')).toEqual(['comments', 'followUps', 'annul', 'open']);
  });

  it('offers annul to RLF and QPPV, to others only on cases they created, never once closed', () => {
    expect(caseRowActions(row(5), 'Fabricante')).toEqual(['comments', 'open']);
    expect(caseRowActions(row(5, { EsCreador: true }), 'Fabricante')).toEqual(['comments', 'annul', 'open']);
    expect(caseRowActions(row(6), 'QPPV')).toEqual(['comments', 'open']);
    expect(caseRowActions(row(11), 'RLF')).toEqual(['comments', 'open']);
  });
});
