import { MSG, originInputSchema } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { originInputFromRecord } from '../follow-up-draft';
import { fieldMessages, formChanged } from '../../../shared/form';
import { originFormFromInput, parseOrigin, toOriginInput, type OriginFormValues } from './origin-form-values';

const blank = (): OriginFormValues => originFormFromInput(originInputFromRecord(null));
const filled = (): OriginFormValues => ({ ...blank(), Have: true, OrigenId: 1, TipoId: 2 });

function messages(values: OriginFormValues): Record<string, string> {
  const result = originInputSchema.safeParse(toOriginInput(values));
  return result.success ? {} : fieldMessages(result.error.issues);
}

describe('the origin form', () => {
  it("asks for the 'Documento de origen' choice, Origen and Tipo", () => {
    expect(blank().Have).toBeNull();
    expect(messages(blank())).toEqual({ Have: MSG.generic.radio, OrigenId: MSG.generic.select, TipoId: MSG.generic.select });
    expect(messages(filled())).toEqual({});
  });

  it("needs the reason when the document is 'No disponible'", () => {
    expect(messages({ ...filled(), Have: false })).toEqual({ NotHave: MSG.wizard.noOriginReasonRequired });
    expect(messages({ ...filled(), Have: false, NotHave: 'Informado por teléfono' })).toEqual({});
  });

  it('needs the bibliographic reference only for a report from literature', () => {
    expect(messages({ ...filled(), ProvieneDeLiteratura: true })).toEqual({ ReferenciaBibliografica: MSG.generic.required });
    expect(parseOrigin({ ...filled(), ReferenciaBibliografica: 'Lancet 2020' })?.ReferenciaBibliografica).toBeNull();
  });

  it('asks for the study name for Receptor 2 or Tipo 4, and drops the study fields otherwise', () => {
    expect(messages({ ...filled(), ReceptorId: 2 })).toEqual({ NombreEstudio: MSG.generic.required });
    expect(messages({ ...filled(), TipoId: 4 })).toEqual({ NombreEstudio: MSG.generic.required });
    expect(parseOrigin({ ...filled(), NombreEstudio: 'ESTUDIO-1', NumeroSponsor: 'SP-9' })).toMatchObject({ NombreEstudio: null, NumeroSponsor: null });
  });

  it('drops the reason once the document is attached', () => {
    expect(parseOrigin({ ...filled(), NotHave: 'ya no aplica' })?.NotHave).toBeNull();
  });

  it('loads a stored origin unchanged', () => {
    const form = originFormFromInput(
      originInputFromRecord({
        IdER: 'm',
        Have: false,
        NotHave: 'Motivo',
        OrigenId: 3,
        ReceptorId: 2,
        TipoId: 1,
        ProvieneDeLiteratura: true,
        ReferenciaBibliografica: 'Ref',
        Country: 5,
        NombreEstudio: 'E',
        TipoEstudio: null,
        NumeroRegistroEstudio: null,
        NumeroSponsor: null,
        FileName: 'informe.pdf',
        Extension: 'pdf',
      }),
    );
    expect(form).toEqual({
      Have: false,
      NotHave: 'Motivo',
      OrigenId: 3,
      ReceptorId: 2,
      TipoId: 1,
      ProvieneDeLiteratura: true,
      ReferenciaBibliografica: 'Ref',
      Country: 5,
      NombreEstudio: 'E',
      TipoEstudio: '',
      NumeroRegistroEstudio: '',
      NumeroSponsor: '',
    });
    expect(formChanged(form, { ...form })).toBe(false);
    expect(formChanged({ ...form, Have: true }, form)).toBe(true);
  });
});
