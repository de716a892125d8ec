import { formatDate, formatYesNo } from '@atalaya/domain';
import type { HomeCodigueras } from './api';
import type { SummaryRow } from '../../shared/summary';
import type { ReportFormValues } from './form-values';

/** A section of the review: plain rows (shown by the shared summary renderer as one block). */
export interface ReviewSection {
  title: string;
  rows: SummaryRow[];
}

const DASH = '---';

function text(value: string | null | undefined): string {
  return value?.trim() ? value.trim() : DASH;
}

const date = (value: string | null): string => formatDate(value);

function yesNo(value: 'SI' | 'NO' | 'Desconoce' | null): string {
  return value === 'Desconoce' ? 'No sabe' : formatYesNo(value);
}

function nameOf<T extends { Id: number }>(rows: readonly T[], id: number | null, label: (row: T) => string): string {
  if (id === null) return DASH;
  const row = rows.find((item) => item.Id === id);
  return row ? label(row) : DASH;
}

function withUnit(value: number | null, unit: string): string {
  return value === null ? DASH : `${String(value).replace('.', ',')} ${unit}`.trim();
}

/** A readable summary of everything entered, for the review step (step 8). */
export function reviewSummary(values: ReportFormValues, lists: HomeCodigueras): ReviewSection[] {
  const { isMedic, Paciente: patient, ContactoMedico: medical, InformacionContacto: contact } = values;
  const country = (code: string | null) => lists.Paises.find((item) => item.Codigo === code)?.Nombre ?? DASH;
  const named = (row: { Nombre: string }) => row.Nombre;
  const sections: ReviewSection[] = [];

  if (isMedic) {
    sections.push({
      title: 'Tipo de reporte',
      rows: [
        { label: 'Tipo de acontecimiento', value: text(values.Tipo.SubGroupName) },
        { label: 'País', value: country(values.Tipo.Pais) },
      ],
    });
  }

  sections.push({
    title: 'Paciente',
    rows: [
      ...(isMedic ? [] : [{ label: 'País de residencia', value: country(patient.Pais) }]),
      { label: 'Iniciales', value: text(patient.Iniciales) },
      { label: 'Sexo', value: patient.Sexo === 'F' ? 'Femenino' : patient.Sexo === 'M' ? 'Masculino' : DASH },
      { label: 'Fecha de nacimiento', value: date(patient.FechaNacimiento) },
      { label: 'Peso', value: withUnit(patient.Peso, 'kg') },
      { label: 'Altura', value: withUnit(patient.Altura, 'm') },
      ...(patient.Sexo === 'F'
        ? [
            { label: 'Embarazo', value: yesNo(patient.Embarazo) },
            ...(patient.Embarazo === 'SI' ? [{ label: 'Semanas de gestación', value: withUnit(patient.Gestacion, 'semanas') }] : []),
            { label: 'Lactancia', value: yesNo(patient.Lactancia) },
          ]
        : []),
      ...(isMedic ? [] : [{ label: 'Centro médico', value: text(patient.CentroMedico) }]),
    ],
  });

  values.RAM.forEach((ram, index) => {
    sections.push({
      title: `Reacción ${index + 1}`,
      rows: [
        ...(isMedic ? [{ label: 'Término MedDRA', value: text(ram.MedDRA?.llt_name) }] : []),
        { label: 'Descripción', value: text(ram.Reaccion) },
        { label: 'Grave', value: yesNo(ram.Grave) },
        { label: 'Inicio', value: date(ram.FechaIniReaccion) },
        { label: 'Fin', value: date(ram.FechaFinReaccion) },
        { label: 'Evolución', value: nameOf(lists.Evolucion, ram.Evolucion, named) },
        { label: 'Acción con el medicamento', value: nameOf(lists.AccionMedicamento, ram.AccionMeddicamento, named) },
      ],
    });
  });

  values.Medicamento.forEach((drug, index) => {
    sections.push({
      title: `Medicamento sospechoso ${index + 1}`,
      rows: [
        { label: 'Producto', value: text(drug.Producto?.ComercialName) },
        { label: 'Vía', value: nameOf(lists.Via, drug.Via, (row) => row.Descripcion) },
        { label: 'Dosis', value: withUnit(drug.Dosis, drug.UnidadUso === null ? '' : nameOf(lists.MedicamentoUnidadUso, drug.UnidadUso, named)) },
        { label: 'Frecuencia', value: nameOf(lists.MedicamentoFrecuencia, drug.FrecuenciaTipo, named) },
        { label: 'Horas entre dosis', value: drug.Frecuencia === null ? DASH : String(drug.Frecuencia) },
        { label: 'Inicio', value: date(drug.FechaIni) },
        { label: 'Fin', value: date(drug.FechaFin) },
        { label: 'Indicación', value: text(drug.Indicacion) },
      ],
    });
  });

  const concomitants = values.Concomitante.filter((item) => item.Medicamento.trim());
  sections.push({
    title: 'Medicamentos concomitantes',
    rows: concomitants.length
      ? concomitants.map((item) => ({
          label: item.Medicamento.trim(),
          value: [
            isMedic ? nameOf(lists.MedicamentosAnteriores_Tipo, item.Tipo, named) : null,
            `${date(item.FechaIni)} – ${date(item.FechaFin)}`,
          ]
            .filter((part) => part !== null && part !== DASH)
            .join(' · '),
        }))
      : [{ label: 'Ninguno', value: DASH }],
  });

  sections.push({
    title: 'Contacto médico e historia clínica',
    rows: [
      { label: 'Historia clínica', value: text(medical.HistoriaClinica) },
      { label: 'Notificado por otra vía', value: yesNo(medical.NotificadoPorOtro) },
      ...(medical.NotificadoPorOtro === 'SI' ? [{ label: 'Vía', value: text(medical.OtraViaNotificado) }] : []),
      { label: 'Consultó a un médico', value: yesNo(medical.ContactoMedico) },
      { label: 'Permite contactar al médico', value: yesNo(medical.PermitirContactoMedico) },
      { label: 'Médico', value: [medical.Medico.Nombre, medical.Medico.Profesion].map((part) => part.trim()).filter(Boolean).join(', ') || DASH },
      { label: 'Correo del médico', value: text(medical.Medico.Email) },
      { label: 'Teléfono del médico', value: text(medical.Medico.Telefono) },
    ],
  });

  sections.push({
    title: 'Información de contacto',
    rows: [
      { label: 'Nombre', value: text(contact.Reporta.Nombre) },
      isMedic
        ? { label: 'Profesión', value: text(contact.Reporta.Profesion) }
        : { label: 'Relación con el paciente', value: nameOf(lists.Parentesco, contact.Reporta.Parentesco, named) },
      { label: 'Correo electrónico', value: text(contact.Reporta.Email) },
      { label: 'Teléfono', value: text(contact.Reporta.Telefono) },
      { label: 'Acepta ser contactado', value: yesNo(contact.AceptaContacto) },
      { label: 'Acepta los términos', value: formatYesNo(contact.AceptaTerminos) },
    ],
  });
  return sections;
}
