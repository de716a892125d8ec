import { describe, expect, it } from 'vitest';
import { historyLines } from './report-history';

const arrival = { Date: '2026-03-01T10:00:00.000Z', FromStatus: null, FromStatusName: null, Status: 1, StatusName: 'Nuevo', Comment: 'Creado', User: null };
const discard = {
  Date: '2026-03-02T10:00:00.000Z',
  FromStatus: 1,
  FromStatusName: 'Nuevo',
  Status: 3,
  StatusName: 'Descartado',
  Comment: '  Parece spam ',
  User: 'Rosa Laborde',
};

describe("'Historial del reporte'", () => {
  it('lists the arrival and each change in order, with its user and the discard comment', () => {
    expect(historyLines([arrival, discard]).map(({ change, user, comment }) => ({ change, user, comment }))).toEqual([
      { change: 'Recibido (Nuevo)', user: 'Sitio público', comment: null },
      { change: 'Nuevo → Descartado', user: 'Rosa Laborde', comment: 'Parece spam' },
    ]);
  });

  it('shows a change without a comment or a known user as such', () => {
    const [line] = historyLines([{ ...discard, FromStatus: 3, FromStatusName: 'Descartado', Status: 2, StatusName: 'En revisión', Comment: null, User: null }]);
    expect(line).toMatchObject({ change: 'Descartado → En revisión', user: 'Usuario desconocido', comment: null });
  });
});
