import { consolidateReportType, type PublicReportInput, type Sex, type YesNo } from '@atalaya/domain';

/** The country preselected in the form (platform spec §9). */
export const DEFAULT_COUNTRY = 'UY';

export interface MeddraChoice {
  llt_name: string;
  llt_code: number | string | null;
}

export interface ReactionValues {
  MedDRA: MeddraChoice | null;
  Grave: YesNo | null;
  Reaccion: string;
  FechaIniReaccion: string | null;
  FechaFinReaccion: string | null;
  Evolucion: number | null;
  AccionMeddicamento: number | null;
}

export interface SuspectDrugValues {
  Producto: { Id: number; ComercialName: string } | null;
  Via: number | null;
  FrecuenciaTipo: number | null;
  Frecuencia: number | null;
  Dosis: number | null;
  UnidadUso: number | null;
  FechaIni: string | null;
  FechaFin: string | null;
  Indicacion: string;
}

export interface ConcomitantValues {
  Medicamento: string;
  Tipo: number | null;
  FechaIni: string | null;
  FechaFin: string | null;
}

export interface DoctorValues {
  FechaContacto: string | null;
  Intervencion: string;
  Nombre: string;
  Profesion: string;
  Email: string;
  Telefono: string;
  CentroAtencion: string;
}

/** What the nine steps edit: the report payload with every field present (blank = '' or null). */
export interface ReportFormValues {
  isMedic: boolean;
  Tipo: { Pais: string | null; SubGroup: number | null; SubGroupName: string | null };
  Paciente: {
    Pais: string | null;
    Iniciales: string;
    Sexo: Sex | null;
    FechaNacimiento: string | null;
    Peso: number | null;
    Altura: number | null;
    Embarazo: YesNo | null;
    Gestacion: number | null;
    Lactancia: YesNo | null;
    CentroMedico: string;
  };
  RAM: ReactionValues[];
  Medicamento: SuspectDrugValues[];
  Concomitante: ConcomitantValues[];
  ContactoMedico: {
    HistoriaClinica: string;
    NotificadoPorOtro: 'SI' | 'NO' | 'Desconoce' | null;
    OtraViaNotificado: string;
    ContactoMedico: YesNo | null;
    PermitirContactoMedico: YesNo | null;
    Medico: DoctorValues;
  };
  InformacionContacto: {
    AceptaContacto: YesNo | null;
    AceptaTerminos: boolean;
    Reporta: { Nombre: string; Profesion: string; Parentesco: number | null; Email: string; Telefono: string };
  };
}

/** The body of `postreporthome` / `postreporthomeusuario`. */
export type ReportPayload = PublicReportInput;

export const emptyReaction = (): ReactionValues => ({
  MedDRA: null,
  Grave: null,
  Reaccion: '',
  FechaIniReaccion: '',
  FechaFinReaccion: '',
  Evolucion: null,
  AccionMeddicamento: null,
});

export const emptySuspectDrug = (): SuspectDrugValues => ({
  Producto: null,
  Via: null,
  FrecuenciaTipo: null,
  Frecuencia: null,
  Dosis: null,
  UnidadUso: null,
  FechaIni: '',
  FechaFin: '',
  Indicacion: '',
});

export const emptyConcomitant = (): ConcomitantValues => ({ Medicamento: '', Tipo: null, FechaIni: '', FechaFin: '' });

/** A blank report; each repeatable list starts with one item. `email` prefills the contact e-mail. */
export function emptyReport(isMedic: boolean, email = ''): ReportFormValues {
  return {
    isMedic,
    Tipo: { Pais: DEFAULT_COUNTRY, SubGroup: null, SubGroupName: null },
    Paciente: {
      Pais: DEFAULT_COUNTRY,
      Iniciales: '',
      Sexo: null,
      FechaNacimiento: '',
      Peso: null,
      Altura: null,
      Embarazo: null,
      Gestacion: null,
      Lactancia: null,
      CentroMedico: '',
    },
    RAM: [emptyReaction()],
    Medicamento: [emptySuspectDrug()],
    Concomitante: [emptyConcomitant()],
    ContactoMedico: {
      HistoriaClinica: '',
      NotificadoPorOtro: null,
      OtraViaNotificado: '',
      ContactoMedico: null,
      PermitirContactoMedico: null,
      Medico: { FechaContacto: '', Intervencion: '', Nombre: '', Profesion: '', Email: '', Telefono: '', CentroAtencion: '' },
    },
    InformacionContacto: {
      AceptaContacto: null,
      AceptaTerminos: false,
      Reporta: { Nombre: '', Profesion: '', Parentesco: null, Email: email, Telefono: '' },
    },
  };
}

/** The country whose products the suspect-drug step offers: the report type's (professional) or the patient's. */
export function reportCountry(values: Pick<ReportFormValues, 'isMedic' | 'Tipo' | 'Paciente'>): string {
  return (values.isMedic ? values.Tipo.Pais : values.Paciente.Pais) ?? '';
}

function blankToNull<T>(value: T): T {
  if (typeof value === 'string') return (value.trim() === '' ? null : value) as T;
  if (Array.isArray(value)) return value.map(blankToNull) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, blankToNull(item)])) as T;
  }
  return value;
}

function isBlankConcomitant(item: ConcomitantValues): boolean {
  return !item.Medicamento.trim() && item.Tipo === null && !item.FechaIni && !item.FechaFin;
}

function isBlankDoctor(doctor: DoctorValues): boolean {
  return Object.values(doctor).every((value) => !value.trim());
}

/**
 * The payload to send (platform spec §3): the type of report consolidated (step 7: non
 * professionals get sub-group '0' and the patient's country), the fields of the other variant
 * left out, pregnancy fields only for a female patient, blank concomitants dropped and blanks as null.
 */
export function toPayload(values: ReportFormValues): ReportPayload {
  const { isMedic } = values;
  const female = values.Paciente.Sexo === 'F';
  const { CentroMedico, ...patient } = values.Paciente;
  const payload = {
    isMedic,
    Tipo: consolidateReportType(values),
    Paciente: {
      ...patient,
      ...(isMedic ? {} : { CentroMedico }),
      Embarazo: female ? patient.Embarazo : null,
      Gestacion: female && patient.Embarazo === 'SI' ? patient.Gestacion : null,
      Lactancia: female ? patient.Lactancia : null,
    },
    RAM: values.RAM.map(({ MedDRA, ...ram }) => (isMedic ? { MedDRA, ...ram } : ram)),
    Medicamento: values.Medicamento,
    Concomitante: values.Concomitante.filter((item) => !isBlankConcomitant(item)).map(({ Tipo, ...item }) =>
      isMedic ? { ...item, Tipo } : item,
    ),
    ContactoMedico: {
      ...values.ContactoMedico,
      Medico: isMedic && isBlankDoctor(values.ContactoMedico.Medico) ? null : values.ContactoMedico.Medico,
    },
    InformacionContacto: values.InformacionContacto,
  };
  return blankToNull(payload) as ReportPayload;
}
