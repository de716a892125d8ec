import { DRUG_ROLES, EMPTY_VALUE, formatDate, formatYesNo } from '@atalaya/domain';
import type { HomeCodigueras } from '../../public-report';
import type { StoredReportData } from './types';

import type { SummaryBlock, SummaryRow, SummarySection } from '../../../shared/summary';

export type { SummaryBlock, SummaryRow, SummarySection };

type Choice = string | number | null | undefined;
type Lists = Pick<
  HomeCodigueras,
  'Paises' | 'Via' | 'MedicamentoFrecuencia' | 'MedicamentoUnidadUso' | 'Parentesco' | 'AccionMedicamento' | 'MedicamentosAnteriores_Tipo' | 'Evolucion'
>;

const DASH = EMPTY_VALUE;

function text(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  const trimmed = String(value).trim();
  return trimmed === '' ? DASH : trimmed;
}

/** SI / NO, 'No sabe' for 'Desconoce', '---' when missing. */
function yesNo(value: string | null | undefined): string {
  if (value === 'Desconoce') return 'No sabe';
  return formatYesNo(value === 'SI' || value === 'NO' ? value : null);
}

const date = (value: string | null | undefined): string => formatDate(value ?? null);

function sameId(a: Choice, b: Choice): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);
}

/** The name of a list value (by id), '---' when missing, the raw value when the list lacks it. */
function nameOf<T extends { Id: number }>(rows: readonly T[] | undefined, id: Choice, label: (row: T) => string): string {
  if (id === null || id === undefined || String(id).trim() === '') return DASH;
  const row = (rows ?? []).find((item) => sameId(item.Id, id));
  return row ? label(row) : String(id);
}

const named = (row: { Nombre: string }) => row.Nombre;

function number(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || Number.isNaN(value)) return DASH;
  return `${String(value).replace('.', ',')}${unit ? ` ${unit}` : ''}`;
}

/** A country by its code (or id), as its name. */
export function countryName(lists: Pick<Lists, 'Paises'>, value: Choice): string {
  if (value === null || value === undefined || String(value).trim() === '') return DASH;
  const country = lists.Paises.find((item) => item.Codigo === String(value) || sameId(item.Id, value));
  return country ? country.Nombre : String(value);
}

function sexName(value: string | null | undefined): string {
  if (value === 'F') return 'Femenino';
  if (value === 'M') return 'Masculino';
  return DASH;
}

/**
 * The read-only sections of the summary modal (event spec §2.2) after the report type:
 * patient, adverse reaction(s), suspect medicine(s), concomitant medicines, medical contact and
 * clinical history, reporter information. List values are named from `getCodiguerasHome`;
 * empty values show '---' and yes/no values SI / NO.
 */
export function summarySections(data: StoredReportData, isMedic: boolean, lists: Lists): SummarySection[] {
  const patient = data.Paciente ?? {};
  const medical = data.ContactoMedico ?? {};
  const doctor = medical.Medico ?? {};
  const contact = data.InformacionContacto ?? {};
  const reporter = contact.Reporta ?? {};
  const female = patient.Sexo === 'F';

  const patientRows: SummaryRow[] = [
    { label: 'Iniciales', value: text(patient.Iniciales) },
    { label: 'Sexo', value: sexName(patient.Sexo) },
    { label: 'Fecha de nacimiento', value: date(patient.FechaNacimiento) },
    { label: 'Peso', value: number(patient.Peso, 'kg') },
    { label: 'Altura', value: number(patient.Altura, 'm') },
  ];
  if (female) {
    patientRows.push({ label: 'Embarazo', value: yesNo(patient.Embarazo) });
    if (patient.Embarazo === 'SI') patientRows.push({ label: 'Semanas de gestación', value: number(patient.Gestacion) });
    patientRows.push({ label: 'Lactancia', value: yesNo(patient.Lactancia) });
  }
  if (!isMedic) {
    patientRows.push({ label: 'País de residencia', value: countryName(lists, patient.Pais) });
    patientRows.push({ label: 'Centro médico', value: text(patient.CentroMedico) });
  }

  const reactions: SummaryBlock[] = (data.RAM ?? []).map((ram, index, all) => ({
    title: all.length > 1 ? `Reacción ${index + 1}` : undefined,
    rows: [
      ...(isMedic ? [{ label: 'Término MedDRA', value: text(ram.MedDRA?.llt_name) }] : []),
      { label: 'Descripción', value: text(ram.Reaccion) },
      { label: 'Grave', value: yesNo(ram.Grave) },
      { label: 'Fecha de inicio', value: date(ram.FechaIniReaccion) },
      { label: 'Fecha de fin', value: date(ram.FechaFinReaccion) },
      { label: 'Evolución', value: nameOf(lists.Evolucion, ram.Evolucion, named) },
      { label: 'Acción tomada con el medicamento', value: nameOf(lists.AccionMedicamento, ram.AccionMeddicamento, named) },
    ],
  }));

  const medicines: SummaryBlock[] = (data.Medicamento ?? []).map((drug, index, all) => {
    const unit = drug.UnidadUso === null || drug.UnidadUso === undefined ? '' : nameOf(lists.MedicamentoUnidadUso, drug.UnidadUso, named);
    // A report imported from E2B names each drug's role (G.k.1); the public form's medicines are all suspect and show none.
    const role = DRUG_ROLES.find((entry) => entry.value === Number(drug.Caracterizacion));
    return {
      title: all.length > 1 ? `Medicamento ${index + 1}` : undefined,
      rows: [
        { label: 'Producto', value: text(drug.Producto?.ComercialName) },
        ...(drug.Caracterizacion !== null && drug.Caracterizacion !== undefined && role ? [{ label: 'Rol del medicamento', value: role.label }] : []),
        { label: 'Vía de administración', value: nameOf(lists.Via, drug.Via, (row) => row.Descripcion) },
        { label: 'Dosis', value: number(drug.Dosis, unit) },
        { label: 'Tipo de frecuencia', value: nameOf(lists.MedicamentoFrecuencia, drug.FrecuenciaTipo, named) },
        { label: 'Frecuencia (horas)', value: number(drug.Frecuencia) },
        { label: 'Fecha de inicio', value: date(drug.FechaIni) },
        { label: 'Fecha de fin', value: date(drug.FechaFin) },
        { label: 'Indicación', value: text(drug.Indicacion) },
      ],
    };
  });

  const concomitants: SummaryBlock[] = (data.Concomitante ?? [])
    .filter((item) => text(item.Medicamento) !== DASH || text(item.Tipo) !== DASH)
    .map((item, index, all) => ({
      title: all.length > 1 ? `Medicamento concomitante ${index + 1}` : undefined,
      rows: [
        { label: 'Medicamento', value: text(item.Medicamento) },
        ...(isMedic ? [{ label: 'Tipo', value: nameOf(lists.MedicamentosAnteriores_Tipo, item.Tipo, named) }] : []),
        { label: 'Fecha de inicio', value: date(item.FechaIni) },
        { label: 'Fecha de fin', value: date(item.FechaFin) },
      ],
    }));

  const medicalRows: SummaryRow[] = [
    { label: 'Historia clínica', value: text(medical.HistoriaClinica) },
    { label: 'Notificado por otra vía', value: yesNo(medical.NotificadoPorOtro) },
    ...(medical.NotificadoPorOtro === 'SI' ? [{ label: 'Otra vía de notificación', value: text(medical.OtraViaNotificado) }] : []),
    { label: 'Consultó a un médico', value: yesNo(medical.ContactoMedico) },
    { label: 'Permite contactar al médico', value: yesNo(medical.PermitirContactoMedico) },
    { label: 'Nombre del médico', value: text(doctor.Nombre) },
    { label: 'Profesión', value: text(doctor.Profesion) },
    { label: 'Correo electrónico', value: text(doctor.Email) },
    { label: 'Teléfono', value: text(doctor.Telefono) },
    { label: 'Fecha de contacto', value: date(doctor.FechaContacto) },
    { label: 'Centro de atención', value: text(doctor.CentroAtencion) },
    { label: 'Intervención', value: text(doctor.Intervencion) },
  ];

  const reporterRows: SummaryRow[] = [
    { label: 'Reportado por', value: isMedic ? 'Profesional de la salud' : 'Paciente o familiar' },
    { label: 'Nombre', value: text(reporter.Nombre) },
    isMedic
      ? { label: 'Profesión', value: text(reporter.Profesion) }
      : { label: 'Relación con el paciente', value: nameOf(lists.Parentesco, reporter.Parentesco, named) },
    { label: 'Correo electrónico', value: text(reporter.Email) },
    { label: 'Teléfono', value: text(reporter.Telefono) },
    { label: 'Acepta ser contactado', value: yesNo(contact.AceptaContacto) },
  ];

  return [
    { title: 'Paciente', blocks: [{ rows: patientRows }] },
    { title: 'Reacción adversa', blocks: reactions, empty: 'No se informaron reacciones adversas' },
    { title: 'Medicamento sospechoso', blocks: medicines, empty: 'No se informaron medicamentos sospechosos' },
    { title: 'Medicamentos concomitantes', blocks: concomitants, empty: 'No se informaron medicamentos concomitantes' },
    { title: 'Contacto médico e historia clínica', blocks: [{ rows: medicalRows }] },
    { title: 'Información de quien reporta', blocks: [{ rows: reporterRows }] },
  ];
}
