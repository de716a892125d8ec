import { describe, expect, it } from 'vitest';
import { searchRowActions } from './row-actions';

const row = (Estado: number, over: { CountFollowUp?: number; IsHistoric?: boolean } = {}) => ({ Estado, CountFollowUp: 0, IsHistoric: false, ...over });

describe('search row actions', () => {
  it('offers open and Auditoría always, no comments, follow-ups nor PDF on a Pendiente case', () => {
    expect(searchRowActions(row(1, { CountFollowUp: 3 }))).toEqual(['open', 'audit']);
  });

  it('offers comments on a non-pending case and follow-ups only when it has some', () => {
    expect(searchRowActions(row(2))).toEqual(['open', 'comments', 'pdf', 'audit']);
    expect(searchRowActions(row(6, { CountFollowUp: 1 }))).toEqual(['open', 'comments', 'followUps', 'pdf', 'audit']);
  });

  it('offers no PDF on an Anulado case', () => {
    expect(searchRowActions(row(11, { CountFollowUp: 2 }))).toEqual(['open', 'comments', 'followUps', 'audit']);
  });

  it('offers only the PDF on a historic case (nothing when it is Anulado)', () => {
    expect(searchRowActions(row(7, { IsHistoric: true, CountFollowUp: 2 }))).toEqual(['pdf']);
    expect(searchRowActions(row(11, { IsHistoric: true }))).toEqual([]);
  });
});
