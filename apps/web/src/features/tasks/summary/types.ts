/**
 * `GET /api/getEventoDeHomeById/{id}` (docs/api.md 'Tasks and triage'): the stored public
 * report (`PublicReport` of the domain, with Tipo { Pais, SubGroup, SubGroupName } and each
 * product's ComercialName filled). Read loosely: every field may be missing or null, as the
 * two variants (professional, patient) store different fields.
 */
export interface HomeReportDetail {
  Id: string;
  Reference: string;
  Status: number;
  StatusName: string;
  IsMedic: boolean;
  /** Receipt (ISO). */
  Date: string;
  /** Country code of the report. */
  Pais: string | null;
  /** Sub-group id; '0' for an unclassified report from the public. */
  SubGroup: string | number | null;
  Data: StoredReportData;
}

type Choice = string | number | null | undefined;
type Text = string | null | undefined;

export interface StoredReportData {
  isMedic?: boolean;
  Tipo?: { Pais?: Choice; SubGroup?: Choice; SubGroupName?: Text } | null;
  Paciente?: {
    Pais?: Choice;
    Iniciales?: Text;
    Sexo?: Text;
    FechaNacimiento?: Text;
    Peso?: number | null;
    Altura?: number | null;
    Embarazo?: Text;
    Gestacion?: number | null;
    Lactancia?: Text;
    CentroMedico?: Text;
  } | null;
  RAM?: {
    MedDRA?: { llt_name?: Text; llt_code?: Choice } | null;
    Grave?: Text;
    Reaccion?: Text;
    FechaIniReaccion?: Text;
    FechaFinReaccion?: Text;
    Evolucion?: Choice;
    AccionMeddicamento?: Choice;
  }[] | null;
  Medicamento?: {
    Producto?: { Id?: Choice; ComercialName?: Text } | null;
    Via?: Choice;
    FrecuenciaTipo?: Choice;
    Frecuencia?: number | null;
    Dosis?: number | null;
    UnidadUso?: Choice;
    FechaIni?: Text;
    FechaFin?: Text;
    Indicacion?: Text;
  }[] | null;
  Concomitante?: { Medicamento?: Text; Tipo?: Choice; FechaIni?: Text; FechaFin?: Text }[] | null;
  ContactoMedico?: {
    HistoriaClinica?: Text;
    NotificadoPorOtro?: Text;
    OtraViaNotificado?: Text;
    ContactoMedico?: Text;
    PermitirContactoMedico?: Text;
    Medico?: {
      FechaContacto?: Text;
      Intervencion?: Text;
      Nombre?: Text;
      Profesion?: Text;
      Email?: Text;
      Telefono?: Text;
      CentroAtencion?: Text;
    } | null;
  } | null;
  InformacionContacto?: {
    AceptaContacto?: Text;
    Reporta?: { Nombre?: Text; Profesion?: Text; Parentesco?: Choice; Email?: Text; Telefono?: Text } | null;
  } | null;
}
