import { MSG, ramInputSchema, type ErRam, type RamInput } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../../shared/form';
import { ramInputFromRecord } from '../follow-up-draft';
import { emptyRamForm, evolutionName, parseRam, ramFieldOf, ramFormFromInput, ramRowFromDraft, toRamInput, type RamFormValues } from './ram-form-values';

const headache = { llt_code: 10019211, llt_name: 'Cefalea' };

/** A modal with its required fields answered. */
function answered(overrides: Partial<RamFormValues> = {}): RamFormValues {
  return { ...emptyRamForm(), MedraLLT: headache, Description: 'Dolor de cabeza intenso', IsExpected: 'NO', ...overrides };
}

function messages(values: RamFormValues): Record<string, string> {
  const result = ramInputSchema.safeParse(toRamInput(values));
  return result.success ? {} : fieldMessages(result.error.issues, ramFieldOf);
}

describe('checking the adverse-event modal', () => {
  it('asks for the MedDRA term, the description and whether it is expected', () => {
    expect(messages(emptyRamForm())).toEqual({
      MedraLLT: MSG.wizard.meddraRequired,
      Description: MSG.generic.required,
      IsExpected: MSG.generic.radio,
    });
  });

  it('accepts the required fields alone', () => {
    expect(messages(answered())).toEqual({});
  });

  it('refuses an end before the start, and a future date', () => {
    expect(messages(answered({ DateStart: '2025-05-10', DateEnd: '2025-05-01' }))).toEqual({ DateEnd: MSG.generic.endBeforeStart });
    expect(messages(answered({ DateEnd: '2999-01-01' }))).toEqual({ DateEnd: MSG.generic.futureDate });
  });

  it('checks the hospitalization dates only while hospitalization is ticked', () => {
    const dates = { HospitalizationDateStart: '2025-05-10', HospitalizationDateEnd: '2025-05-01' };
    expect(messages(answered({ ...dates, HospitalizationRequired: true }))).toEqual({ HospitalizationDateEnd: MSG.generic.endBeforeStart });
    expect(messages(answered({ ...dates, HospitalizationDateEnd: '2999-01-01', HospitalizationRequired: false }))).toEqual({});
  });
});

describe('the body the modal sends', () => {
  it('sends none values and blank text as null', () => {
    const ram = parseRam(answered({ Considerations: '   ' }));
    expect(ram).toMatchObject({ Evolution: null, AccMed: null, DateStart: null, DateEnd: null, Considerations: null, IsExpected: false });
  });

  it('drops the hospitalization dates once hospitalization is unticked', () => {
    const values = answered({ HospitalizationDateStart: '2025-05-01', HospitalizationDateEnd: '2025-05-03' });
    expect(parseRam(values)).toMatchObject({ HospitalizationRequired: false, HospitalizationDateStart: null, HospitalizationDateEnd: null });
    expect(parseRam({ ...values, HospitalizationRequired: true })).toMatchObject({
      HospitalizationRequired: true,
      HospitalizationDateStart: '2025-05-01',
      HospitalizationDateEnd: '2025-05-03',
    });
  });

  it('sends the dose change only for an action that changed the dose (2 and 3)', () => {
    const dose = { Concentration: 0.125, UnitId: 2, FrecId: 12, Cant: 1, UnitUsoId: 5 };
    expect(parseRam(answered({ ...dose, AccMed: 2 }))).toMatchObject({ AccMed: 2, ...dose });
    expect(parseRam(answered({ ...dose, AccMed: 3 }))).toMatchObject({ AccMed: 3, ...dose });
    expect(parseRam(answered({ ...dose, AccMed: 1 }))).toMatchObject({ AccMed: 1, Concentration: null, UnitId: null, FrecId: null, Cant: null, UnitUsoId: null });
    expect(parseRam(answered({ ...dose, AccMed: null }))).toMatchObject({ Concentration: null, Cant: null });
  });

  it('sends the term, the answer and the seriousness as chosen', () => {
    expect(parseRam(answered({ IsExpected: 'SI', Death: true, QualityClaim: true, Evolution: -1 }))).toMatchObject({
      MedraLLT: headache,
      IsExpected: true,
      Death: true,
      LifeThreading: false,
      QualityClaim: true,
      Evolution: -1,
    });
  });
});

describe('editing an adverse event', () => {
  const record: ErRam = {
    Id: 5,
    IdER: 'META-1',
    MedraLLT: headache,
    Description: 'Cefalea tras la segunda dosis',
    Evolution: 0,
    AccMed: 2,
    AccMedNombre: 'Dosis reducida',
    IsExpected: true,
    IsRAM: true,
    TypeRAM: 2,
    CategoryRAM: [],
    DateStart: '2025-04-02',
    DateEnd: null,
    Death: false,
    LifeThreading: false,
    HospitalizationRequired: true,
    HospitalizationDateStart: '2025-04-03',
    HospitalizationDateEnd: null,
    PersistedHospitalization: false,
    TransitoryDisability: false,
    PersistentDisability: false,
    CongenitalAnomaly: false,
    AnotherCondition: false,
    IsSerious: true,
    Considerations: null,
    DoseReduction: null,
    Concentration: 250,
    UnitId: 2,
    FrecId: 12,
    Cant: 1,
    UnitUsoId: 5,
    QualityClaim: false,
    TypeRAMNombre: null,
    LocalSanitaryNotificaction: null,
    ProviderNotification: null,
  };

  it('opens a stored event with its answers', () => {
    expect(ramFormFromInput(ramInputFromRecord(record))).toMatchObject({
      MedraLLT: headache,
      IsExpected: 'SI',
      Evolution: 0,
      AccMed: 2,
      HospitalizationRequired: true,
      HospitalizationDateStart: '2025-04-03',
      Considerations: '',
      DoseReduction: false,
      Concentration: 250,
    });
  });

  it('opens an event without a term with the term empty', () => {
    expect(ramFormFromInput(ramInputFromRecord({ ...record, MedraLLT: { llt_code: null, llt_name: null } })).MedraLLT).toBeNull();
  });

  it('opens an event of the follow-up draft as it was confirmed', () => {
    const values = answered({ AccMed: 3, Concentration: 5, Cant: 2, AnotherCondition: true, Considerations: 'Asma previa', DateStart: '2025-01-01' });
    const input = parseRam(values);
    expect(input).not.toBeNull();
    if (input) expect(ramFormFromInput(input)).toEqual(values);
  });

  it('lists a draft event as serious when any seriousness flag is ticked', () => {
    const input = parseRam(answered({ PersistentDisability: true, Evolution: 4 }));
    expect(input).not.toBeNull();
    if (!input) return;
    const row = ramRowFromDraft({ key: 'k1', input }, [{ Id: 4, Nombre: 'Mortal' }]);
    expect(row).toMatchObject({ term: 'Cefalea', serious: true, evolution: 'Mortal', id: null, incomplete: false });
  });

  it('marks a draft event copied without its term or answer as incomplete, and opens it with them empty', () => {
    const input = { ...parseRam(answered()), MedraLLT: null, IsExpected: null } as unknown as RamInput;
    expect(ramRowFromDraft({ key: 'k2', input }, [])).toMatchObject({ term: '', incomplete: true });
    expect(ramFormFromInput(input)).toMatchObject({ MedraLLT: null, IsExpected: null, Description: 'Dolor de cabeza intenso' });
  });

  it("names the outcome from the reference list, else the domain's names", () => {
    expect(evolutionName(-1, [{ Id: -1, Nombre: 'Recuperado' }])).toBe('Recuperado');
    expect(evolutionName(5, [])).toBe('Desconocido');
    expect(evolutionName(null, [])).toBeNull();
  });
});
