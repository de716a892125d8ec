import { finishFollowUpBodySchema, MSG, type ErMedication, type ErOrigin, type ErPatient, type ErRam } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { buildFollowUpDraft, medicationInputFromRecord, ramInputFromRecord } from './follow-up-draft';
import { followUpBody } from './step-contract';

const patient: ErPatient = {
  Initials: 'JPG',
  Age: 34,
  Escala: 'Años',
  Height: 1.72,
  HeightUnitId: 1,
  Weight: 70.5,
  WeightUnitId: 1,
  Genere: 'F',
  Pregnancy: true,
  Gestation: 12,
  Lactation: false,
  Country: 'UY',
  State: 'Montevideo',
  Residence: null,
  InstMedica: 'Hospital de Clínicas',
  CondicionesMedicas: null,
  Alergias: 'Penicilina',
  ContactAllow: true,
  IdParentesco: null,
  Phone: '099123456',
  Email: 'jpg@example.com',
};

const origin: ErOrigin = {
  IdER: 'meta-1',
  Have: false,
  NotHave: 'El médico informó por teléfono',
  OrigenId: 1,
  ReceptorId: null,
  TipoId: 2,
  ProvieneDeLiteratura: false,
  ReferenciaBibliografica: null,
  Country: null,
  NombreEstudio: null,
  TipoEstudio: null,
  NumeroRegistroEstudio: null,
  NumeroSponsor: null,
  FileName: null,
  Extension: null,
};

const medication: ErMedication = {
  Id: 41,
  Medicine: { Id: 7, ComercialName: 'Ibuprofeno 400', Family: { Name: 'AINE' } },
  Laboratorio: { Id: 3, Nombre: 'Laboratorio Sur' },
  LineaId: 11,
  Linea: { Nombre: 'Planta Norte' },
  LineaId2: 12,
  Linea2: { Nombre: 'Planta Este' },
  FormaFarmaceuticaId: 5,
  FormaFarmaceutica: 'Comprimido',
  PrincipiosActivos: [{ PrincipioActivoId: 9, PrincipioActivo_Nombre: 'Ibuprofeno', Concentracion: 400, Unidad: 2, UnidadNombre: 'mg' }],
  LotNumber: 'L-2231',
  Indication: 'Dolor lumbar',
  DateStart: '2026-01-10',
  DateEnd: '2026-01-15',
  ViaId: 1,
  Via: 'Oral',
  FrecuenciaTipo: 1,
  FrecuenciaTipoNombre: 'Cada x horas',
  FrecId: 8,
  Cant: 1,
  UnitUsoId: 51,
  UnitUsoNombre: 'comprimido',
  Caracterizacion: 1,
  CaracterizacionNombre: 'Sospechoso',
  Recuperado: null,
};

const ram: ErRam = {
  Id: 88,
  IdER: 'meta-1',
  MedraLLT: { llt_code: 10019211, llt_name: 'Cefalea' },
  Description: 'Dolor de cabeza intenso',
  Evolution: 0,
  AccMed: 1,
  AccMedNombre: 'Ninguna',
  IsExpected: true,
  IsRAM: true,
  TypeRAM: null,
  CategoryRAM: [],
  DateStart: '2026-01-12',
  DateEnd: null,
  Death: false,
  LifeThreading: false,
  HospitalizationRequired: false,
  HospitalizationDateStart: null,
  HospitalizationDateEnd: null,
  PersistedHospitalization: false,
  TransitoryDisability: false,
  PersistentDisability: false,
  CongenitalAnomaly: false,
  AnotherCondition: false,
  IsSerious: false,
  Considerations: null,
  DoseReduction: null,
  Concentration: null,
  UnitId: null,
  FrecId: null,
  Cant: null,
  UnitUsoId: null,
  QualityClaim: false,
  TypeRAMNombre: null,
  LocalSanitaryNotificaction: null,
  ProviderNotification: null,
};

function issuesOf(body: unknown): { path: string; message: string }[] {
  const result = finishFollowUpBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('the follow-up draft built from the case', () => {
  const draft = buildFollowUpDraft({ country: 'UY', patient, origin, medications: [medication], rams: [ram] });

  it('posts, untouched, an insertES body the server accepts', () => {
    expect(issuesOf(followUpBody('meta-1', draft, null))).toEqual([]);
  });

  it('keeps the stored patient and origin values', () => {
    expect(draft.patient).toMatchObject({ Initials: 'JPG', Age: 34, Escala: 'Años', Genere: 'F', Pregnancy: true, Gestation: 12, Email: 'jpg@example.com' });
    expect(draft.origin).toMatchObject({ Have: false, NotHave: 'El médico informó por teléfono', OrigenId: 1, TipoId: 2 });
  });

  it('maps a related medication to the medication body: medicine, both manufacturer lines, ingredients, dose, role', () => {
    expect(medicationInputFromRecord(medication)).toEqual({
      Medicine: { Id: 7 },
      LineaId: 11,
      LineaId2: 12,
      FormaFarmaceuticaId: 5,
      PrincipiosActivos: [{ PrincipioActivoId: 9, PrincipioActivo_Nombre: 'Ibuprofeno', Concentracion: 400, Unidad: 2 }],
      LotNumber: 'L-2231',
      Indication: 'Dolor lumbar',
      DateStart: '2026-01-10',
      DateEnd: '2026-01-15',
      ViaId: 1,
      FrecuenciaTipo: 1,
      FrecId: 8,
      Cant: 1,
      UnitUsoId: 51,
      Caracterizacion: 1,
    });
    expect(medicationInputFromRecord({ ...medication, Caracterizacion: 2, CaracterizacionNombre: 'Concomitante' }).Caracterizacion).toBe(2);
  });

  it('gives each medication the names its list row shows', () => {
    expect(draft.medicamentos[0]?.display).toEqual({ ComercialName: 'Ibuprofeno 400', Laboratorio: 'Laboratorio Sur', Linea: 'Planta Norte, Planta Este' });
    const oneLine = buildFollowUpDraft({ country: 'UY', patient, origin, medications: [{ ...medication, LineaId2: null, Linea2: null }], rams: [] });
    expect(oneLine.medicamentos[0]?.display.Linea).toBe('Planta Norte');
  });

  it('maps an adverse event to the RAM body, without its classification', () => {
    const input = ramInputFromRecord(ram);
    expect(input).toMatchObject({ MedraLLT: { llt_code: 10019211, llt_name: 'Cefalea' }, Description: 'Dolor de cabeza intenso', IsExpected: true, Evolution: 0 });
    expect(input).not.toHaveProperty('IsRAM');
    expect(input).not.toHaveProperty('CategoryRAM');
    expect(input).not.toHaveProperty('Id');
  });

  it('gives every row a distinct key', () => {
    const two = buildFollowUpDraft({ country: 'UY', patient, origin, medications: [medication, { ...medication, Id: 42 }], rams: [ram, { ...ram, Id: 89 }] });
    expect(new Set(two.medicamentos.map((item) => item.key)).size).toBe(2);
    expect(new Set(two.rams.map((item) => item.key)).size).toBe(2);
  });

  it('does not invent answers the case lacks: the send is refused until they are given', () => {
    const copied = buildFollowUpDraft({
      country: 'UY',
      patient,
      origin: null,
      medications: [medication],
      rams: [{ ...ram, IsExpected: null, MedraLLT: { llt_code: null, llt_name: null } }],
    });
    const issues = issuesOf(followUpBody('meta-1', copied, null));
    expect(issues).toContainEqual({ path: 'origin.Have', message: MSG.generic.radio });
    expect(issues).toContainEqual({ path: 'rams.0.IsExpected', message: MSG.generic.radio });
    expect(issues).toContainEqual({ path: 'rams.0.MedraLLT', message: MSG.wizard.meddraRequired });
  });

  it('starts a case without a patient from its country and the default units', () => {
    const blank = buildFollowUpDraft({ country: 'AR', patient: null, origin, medications: [medication], rams: [] });
    expect(blank.patient).toMatchObject({ Initials: '', Country: 'AR', HeightUnitId: 1, WeightUnitId: 1 });
    expect(issuesOf(followUpBody('meta-1', blank, null))).toContainEqual({ path: 'patient.Initials', message: MSG.generic.isRequired });
  });
});
