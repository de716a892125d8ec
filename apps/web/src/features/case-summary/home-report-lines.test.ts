import { describe, expect, it } from 'vitest';
import { medicineLines, reactionLines } from './home-report-lines';

describe('the summary of the incoming report a case came from', () => {
  it('lists the reactions by MedDRA term or description, marking the serious ones', () => {
    expect(
      reactionLines({
        RAM: [
          { MedDRA: { llt_name: 'Cefalea' }, Reaccion: 'Dolor de cabeza', Grave: 'NO' },
          { MedDRA: null, Reaccion: 'Ronchas en la piel', Grave: 'SI' },
          { Reaccion: '  ' },
        ],
      }),
    ).toEqual(['Cefalea', 'Ronchas en la piel (grave)']);
  });

  it('lists the suspect medicines by name, and nothing for a report without data', () => {
    expect(medicineLines({ Medicamento: [{ Producto: { ComercialName: 'Ibuprofeno 400' } }, { Producto: null }] })).toEqual(['Ibuprofeno 400']);
    expect(reactionLines(null)).toEqual([]);
    expect(medicineLines(null)).toEqual([]);
  });
});
