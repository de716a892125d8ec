import {
  DEFAULT_MEASURE_UNIT_ID,
  type ErMedication,
  type ErOrigin,
  type ErPatient,
  type ErRam,
  type MedicationInput,
  type OriginInput,
  type PatientInput,
  type RamInput,
} from '@atalaya/domain';
import type { FollowUpDraft } from './step-contract';

/**
 * A required answer the stored record does not hold (a RAM copied from an incoming report
 * has no 'is expected'; a case entered from a report has no origin choice). The draft holds
 * the schema's input, whose type demands a value: it carries null instead of an invented
 * answer, so the step's form shows the question unanswered and the schema (browser and
 * server) asks for it.
 */
function unanswered<T>(): T {
  return null as unknown as T;
}

/** A patient with nothing stored yet: the case's country, the default units (event spec §5). */
export function emptyPatientInput(country: string | null): PatientInput {
  return {
    Initials: '',
    Age: null,
    Escala: null,
    Height: null,
    HeightUnitId: DEFAULT_MEASURE_UNIT_ID,
    Weight: null,
    WeightUnitId: DEFAULT_MEASURE_UNIT_ID,
    Genere: null,
    Pregnancy: null,
    Gestation: null,
    Lactation: null,
    Country: country,
    State: null,
    Residence: null,
    InstMedica: null,
    CondicionesMedicas: null,
    Alergias: null,
    ContactAllow: null,
    IdParentesco: null,
    Phone: null,
    Email: null,
  };
}

/** The stored patient as the body that would store it again (`setPaciente`, insertES `patient`). */
export function patientInputFromRecord(record: ErPatient | null, country: string | null): PatientInput {
  if (!record) return emptyPatientInput(country);
  return {
    Initials: record.Initials,
    Age: record.Age,
    Escala: record.Escala,
    Height: record.Height,
    HeightUnitId: record.HeightUnitId ?? DEFAULT_MEASURE_UNIT_ID,
    Weight: record.Weight,
    WeightUnitId: record.WeightUnitId ?? DEFAULT_MEASURE_UNIT_ID,
    Genere: record.Genere,
    Pregnancy: record.Pregnancy,
    Gestation: record.Gestation,
    Lactation: record.Lactation,
    Country: record.Country,
    State: record.State,
    Residence: record.Residence,
    InstMedica: record.InstMedica,
    CondicionesMedicas: record.CondicionesMedicas,
    Alergias: record.Alergias,
    ContactAllow: record.ContactAllow,
    IdParentesco: record.IdParentesco,
    Phone: record.Phone,
    Email: record.Email,
  };
}

/** The stored origin as the body that would store it again; nothing chosen when there is none. */
export function originInputFromRecord(record: ErOrigin | null): OriginInput {
  if (!record) {
    return {
      Have: unanswered<boolean>(),
      NotHave: null,
      OrigenId: null,
      ReceptorId: null,
      TipoId: null,
      ProvieneDeLiteratura: false,
      ReferenciaBibliografica: null,
      Country: null,
      NombreEstudio: null,
      TipoEstudio: null,
      NumeroRegistroEstudio: null,
      NumeroSponsor: null,
    };
  }
  return {
    Have: record.Have,
    NotHave: record.NotHave,
    OrigenId: record.OrigenId,
    ReceptorId: record.ReceptorId,
    TipoId: record.TipoId,
    ProvieneDeLiteratura: record.ProvieneDeLiteratura,
    ReferenciaBibliografica: record.ReferenciaBibliografica,
    Country: record.Country,
    NombreEstudio: record.NombreEstudio,
    TipoEstudio: record.TipoEstudio,
    NumeroRegistroEstudio: record.NumeroRegistroEstudio,
    NumeroSponsor: record.NumeroSponsor,
  };
}

/** A related medication as the body that would store it again (`insertMedicamentoRelacionado`). */
export function medicationInputFromRecord(record: ErMedication): MedicationInput {
  return {
    Medicine: { Id: record.Medicine.Id },
    LineaId: record.LineaId,
    LineaId2: record.LineaId2,
    FormaFarmaceuticaId: record.FormaFarmaceuticaId,
    PrincipiosActivos: record.PrincipiosActivos.map((ingredient) => ({
      PrincipioActivoId: ingredient.PrincipioActivoId,
      PrincipioActivo_Nombre: ingredient.PrincipioActivo_Nombre,
      Concentracion: ingredient.Concentracion,
      Unidad: ingredient.Unidad,
    })),
    LotNumber: record.LotNumber,
    Indication: record.Indication,
    DateStart: record.DateStart,
    DateEnd: record.DateEnd,
    ViaId: record.ViaId,
    FrecuenciaTipo: record.FrecuenciaTipo,
    FrecId: record.FrecId,
    Cant: record.Cant,
    UnitUsoId: record.UnitUsoId,
    // The role goes with the medicine into the follow-up (a concomitant stays one).
    Caracterizacion: record.Caracterizacion,
  };
}

/** The names a draft row shows: medicine, laboratory, and its manufacturer line(s). */
export function medicationDisplayFromRecord(record: ErMedication): FollowUpDraft['medicamentos'][number]['display'] {
  const lines = [record.Linea?.Nombre, record.Linea2?.Nombre].filter((name): name is string => Boolean(name));
  return { ComercialName: record.Medicine.ComercialName, Laboratorio: record.Laboratorio.Nombre, Linea: lines.join(', ') };
}

/** An adverse event as the body that would store it again (`insertRAM`); its classification is not part of it. */
export function ramInputFromRecord(record: ErRam): RamInput {
  const { llt_code: code, llt_name: name } = record.MedraLLT;
  return {
    MedraLLT: code !== null && name !== null ? { llt_code: code, llt_name: name } : unanswered<RamInput['MedraLLT']>(),
    Description: record.Description,
    IsExpected: record.IsExpected ?? unanswered<boolean>(),
    Evolution: record.Evolution,
    AccMed: record.AccMed,
    DateStart: record.DateStart,
    DateEnd: record.DateEnd,
    Death: record.Death,
    LifeThreading: record.LifeThreading,
    HospitalizationRequired: record.HospitalizationRequired,
    HospitalizationDateStart: record.HospitalizationDateStart,
    HospitalizationDateEnd: record.HospitalizationDateEnd,
    PersistedHospitalization: record.PersistedHospitalization,
    TransitoryDisability: record.TransitoryDisability,
    PersistentDisability: record.PersistentDisability,
    CongenitalAnomaly: record.CongenitalAnomaly,
    AnotherCondition: record.AnotherCondition,
    Considerations: record.Considerations,
    DoseReduction: record.DoseReduction,
    Concentration: record.Concentration,
    UnitId: record.UnitId,
    FrecId: record.FrecId,
    Cant: record.Cant,
    UnitUsoId: record.UnitUsoId,
    QualityClaim: record.QualityClaim,
  };
}

export interface CaseRecords {
  /** The case's country code (the patient's country when none is stored). */
  country: string | null;
  patient: ErPatient | null;
  origin: ErOrigin | null;
  medications: readonly ErMedication[];
  rams: readonly ErRam[];
}

/**
 * The follow-up report's starting point (wizard type '2'): the case's current patient, origin,
 * related medications and adverse events, each row with a local key, to be edited in steps
 * 0–3 and posted whole by insertES.
 */
export function buildFollowUpDraft(records: CaseRecords): FollowUpDraft {
  return {
    patient: patientInputFromRecord(records.patient, records.country),
    origin: originInputFromRecord(records.origin),
    medicamentos: records.medications.map((record) => ({
      key: `medication-${record.Id}`,
      input: medicationInputFromRecord(record),
      display: medicationDisplayFromRecord(record),
    })),
    rams: records.rams.map((record) => ({ key: `ram-${record.Id}`, input: ramInputFromRecord(record) })),
  };
}
