import { MSG, type ErPreviousMedication } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import {
  blankRow,
  diffPreviousMedications,
  formInput,
  hasPendingWrites,
  pendingMedications,
  previousMedicationsFormSchema,
  rowFromRecord,
} from './previous-medication-rows';

const stored: ErPreviousMedication[] = [
  { Id: 1, EvRepId: 'm1', Medicamento: 'Enalapril', Tipo: 2, TipoNombre: 'Crónico', FechaIni: '2024-01-10', FechaFin: null },
  { Id: 2, EvRepId: 'm1', Medicamento: 'Ibuprofeno', Tipo: null, TipoNombre: null, FechaIni: null, FechaFin: null },
];

describe('previous medications: what leaving the step writes', () => {
  it('writes nothing when the stored rows are shown as they are', () => {
    const rows = stored.map(rowFromRecord);
    expect(diffPreviousMedications(stored, rows)).toEqual({ added: [], changed: [] });
    expect(hasPendingWrites(stored, rows)).toBe(false);
    expect(pendingMedications(stored, rows)).toEqual([]);
  });

  it('does not count spaces around a name or null against blank as a change', () => {
    const rows = stored.map(rowFromRecord);
    rows[0] = { ...rows[0]!, Medicamento: '  Enalapril ' };
    expect(hasPendingWrites(stored, rows)).toBe(false);
  });

  it('writes a new row without Id and an edited stored row with its Id, in screen order, leaving the rest alone', () => {
    const rows = [{ ...rowFromRecord(stored[0]!), FechaFin: '2024-02-01' }, rowFromRecord(stored[1]!), { ...blankRow('new-1'), Medicamento: ' Omeprazol ', Tipo: 1 }];
    const diff = diffPreviousMedications(stored, rows);
    expect(diff.added.map((row) => row.key)).toEqual(['new-1']);
    expect(diff.changed.map((row) => row.Id)).toEqual([1]);
    expect(pendingMedications(stored, rows)).toEqual([
      { Id: 1, Medicamento: 'Enalapril', Tipo: 2, FechaIni: '2024-01-10', FechaFin: '2024-02-01' },
      { Id: null, Medicamento: 'Omeprazol', Tipo: 1, FechaIni: null, FechaFin: null },
    ]);
  });

  it('sees a changed type or a cleared date as a change', () => {
    const retyped = [{ ...rowFromRecord(stored[0]!), Tipo: 3 }];
    const cleared = [{ ...rowFromRecord(stored[0]!), FechaIni: null }];
    expect(diffPreviousMedications(stored, retyped).changed).toHaveLength(1);
    expect(diffPreviousMedications(stored, cleared).changed).toHaveLength(1);
  });

  it('treats a row whose stored copy is gone as changed, so the server answers for it', () => {
    const rows = [rowFromRecord({ ...stored[0]!, Id: 99 })];
    expect(diffPreviousMedications(stored, rows).changed.map((row) => row.Id)).toEqual([99]);
  });

  it('has nothing to write once a deleted stored row left both the rows and the baseline', () => {
    const remaining = stored.filter((record) => record.Id !== 2);
    expect(hasPendingWrites(remaining, remaining.map(rowFromRecord))).toBe(false);
  });
});

describe('previous medications: validation of every row', () => {
  const issues = (rows: ReturnType<typeof blankRow>[]) => {
    const result = previousMedicationsFormSchema.safeParse(formInput({ rows }));
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('asks for the medicine of an added row', () => {
    expect(issues([blankRow('new-1')])).toEqual([['rows.0.Medicamento', MSG.generic.required]]);
  });

  it('refuses an end date before the start, on the end field of that row', () => {
    const rows = [{ ...blankRow('a'), Medicamento: 'A' }, { ...blankRow('b'), Medicamento: 'B', FechaIni: '2024-03-10', FechaFin: '2024-03-01' }];
    expect(issues(rows)).toEqual([['rows.1.FechaFin', MSG.generic.endBeforeStart]]);
  });

  it('refuses a future date', () => {
    expect(issues([{ ...blankRow('a'), Medicamento: 'A', FechaIni: '2999-01-01' }])).toEqual([['rows.0.FechaIni', MSG.generic.futureDate]]);
  });
});
