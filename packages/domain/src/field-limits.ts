/**
 * The one table of text lengths (docs/api.md 'Input rules'): the most characters each text
 * field takes, on the server (the public report's and the wizard's schemas) and in the
 * browser (the inputs' maxLength). A public report holds only what the wizard accepts of the
 * same field, so a report entered as a case can always be saved again through the wizard.
 */
export const FIELD_LIMITS = {
  /** Patient initials. */
  initials: 3,
  /** Free text: descriptions, indications, notes, medical history, interventions, comments. */
  longText: 2000,
  /** A medical institution or care centre. */
  institution: 500,
  /** A previous / concomitant medication's name. */
  medicationName: 500,
  /** A person's name, a profession, a state or department. */
  name: 200,
  /** A MedDRA term's name as sent with its code. */
  meddraTerm: 200,
  /** A lot number. */
  lotNumber: 100,
  /** A phone number. */
  phone: 50,
  /** An e-mail address (RFC 5321's 254). */
  email: 254,
  /** A short label sent along a choice (a product's commercial name, a sub-group's name), an amount written out. */
  label: 200,
  /** A postal address, a place of manufacture. */
  address: 500,
  /** A study's name or type. */
  study: 500,
  /** A registration or sponsor number. */
  identifier: 200,
} as const;
export type FieldLimit = keyof typeof FIELD_LIMITS;

/**
 * The public report's text fields that become a field of the case the wizard edits (by the
 * Ingresar conversion, `caseRecordsFromReport`): their limit is the wizard's. Read by the test
 * that proves a report the public form accepts is one the wizard will save.
 */
export const SHARED_TEXT_FIELDS = [
  { report: 'Paciente.Iniciales', wizard: 'setPaciente Initials', limit: 'initials' },
  { report: 'Paciente.CentroMedico', wizard: 'setPaciente InstMedica', limit: 'institution' },
  { report: 'ContactoMedico.Medico.CentroAtencion', wizard: 'setPaciente InstMedica', limit: 'institution' },
  { report: 'ContactoMedico.HistoriaClinica', wizard: 'setPaciente CondicionesMedicas', limit: 'longText' },
  { report: 'InformacionContacto.Reporta.Telefono', wizard: 'setPaciente Phone', limit: 'phone' },
  { report: 'InformacionContacto.Reporta.Email', wizard: 'setPaciente Email', limit: 'email' },
  { report: 'RAM[].Reaccion', wizard: 'insertRAM Description', limit: 'longText' },
  { report: 'RAM[].MedDRA.llt_name', wizard: 'insertRAM MedraLLT.llt_name', limit: 'meddraTerm' },
  { report: 'Medicamento[].Indicacion', wizard: 'insertMedicamentoRelacionado Indication', limit: 'longText' },
  { report: 'Concomitante[].Medicamento', wizard: 'setMedicamentoAnterior Medicamento', limit: 'medicationName' },
  { report: 'ContactoMedico.Medico.Nombre', wizard: 'insertContactoMedico NombreMedico', limit: 'name' },
  { report: 'ContactoMedico.Medico.Profesion', wizard: 'insertContactoMedico Profesion', limit: 'name' },
  { report: 'ContactoMedico.Medico.Email', wizard: 'insertContactoMedico EmailMedico', limit: 'email' },
  { report: 'ContactoMedico.Medico.Telefono', wizard: 'insertContactoMedico TelMedico', limit: 'phone' },
  { report: 'ContactoMedico.Medico.Intervencion', wizard: 'insertContactoMedico Intervencion', limit: 'longText' },
] as const satisfies readonly { report: string; wizard: string; limit: FieldLimit }[];
