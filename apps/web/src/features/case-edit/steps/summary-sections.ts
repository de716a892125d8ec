import {
  EMPTY_VALUE,
  formatDate,
  formatDateTime,
  formatYesNo,
  medicationInputSchema,
  MSG,
  orDash,
  originInputSchema,
  patientInputSchema,
  RAM_EVOLUTIONS,
  ramInputSchema,
  SERIOUSNESS_FLAGS,
  SERIOUSNESS_LABELS,
  drugRoleLabel,
  showsClinicalStudy,
  WIZARD_STEPS,
  type ApprovedFabric,
  type Codigueras,
  type ErEvent,
  type ErMedicalContact,
  type ErMedication,
  type ErOrigin,
  type ErPatient,
  type ErPreviousMedication,
  type ErRam,
  type ErWhoReport,
} from '@atalaya/domain';
import { storedFileName } from '../../files';
import type { FollowUpDraft } from '../step-contract';

/**
 * Step 7 'Resumen' (event spec §2.4): everything the case holds, read-only, as titled sections
 * of label/value rows. Missing values show '---', booleans SI / NO, dates DD/MM/YYYY.
 */

import type { SummaryBlock, SummaryRow, SummarySection } from '../../../shared/summary';

export type { SummaryBlock, SummaryRow, SummarySection };

export type SummaryLists = Pick<
  Codigueras,
  | 'Paises'
  | 'Residencias'
  | 'Parentesco'
  | 'PesoUnidad'
  | 'AlturaUnidad'
  | 'ReporteOriginador_Origen'
  | 'ReporteOriginador_Receptor'
  | 'ReporteOriginador_Tipo'
  | 'PaisOrigen'
  | 'Via'
  | 'MedicamentoFrecuencia'
  | 'MedicamentoUnidad'
  | 'MedicamentoUnidadUso'
  | 'AccionMedicamento'
>;

/** The origin as stored, or as the follow-up draft holds it (no file then). */
export type SummaryOrigin = Omit<ErOrigin, 'IdER' | 'FileName' | 'Extension' | 'OrigenId' | 'TipoId'> & {
  OrigenId: number | null;
  TipoId: number | null;
  FileName?: string | null;
  Extension?: string | null;
};

/** A related medication with the names a reader needs. */
export interface SummaryMedication {
  name: string;
  /** 'Rol del medicamento' (E2B G.k.1): Sospechoso, Concomitante, Interactuante, No administrado. */
  role: string;
  laboratory: string | null;
  lines: string[];
  ingredients: string[];
  lot: string | null;
  indication: string | null;
  dateStart: string | null;
  dateEnd: string | null;
  dose: string;
  via: string | null;
  frequencyType: string | null;
  hours: number | null;
}

export type SummaryRam = Pick<
  ErRam,
  | 'MedraLLT'
  | 'Description'
  | 'IsExpected'
  | 'Evolution'
  | 'AccMed'
  | 'DateStart'
  | 'DateEnd'
  | 'HospitalizationDateStart'
  | 'HospitalizationDateEnd'
  | 'Considerations'
  | (typeof SERIOUSNESS_FLAGS)[number]
>;

export interface SummaryData {
  event: ErEvent;
  patient: ErPatient | null;
  origin: SummaryOrigin | null;
  medications: SummaryMedication[];
  rams: SummaryRam[];
  previousMedications: ErPreviousMedication[];
  medicalContact: ErMedicalContact | null;
  /**
   * A Fabricante's view shows the manufacturer's approval instead of the medical contact
   * (event spec §6); undefined elsewhere.
   */
  approvedFabric?: ApprovedFabric | null;
  /** The user's time zone, for date-times. */
  timeZone?: string;
  documentCount: number;
  whoReport: ErWhoReport | null;
  lists: SummaryLists;
  /** The reporter's contact data is not for this user (`canSeeReporterContact`): placeholders instead. */
  hideReporterContact?: boolean;
}

// ---------------------------------------------------------------------------------------
// Formatting

type Id = number | string | null | undefined;

const row = (label: string, value: string): SummaryRow => ({ label, value });
const text = (value: string | number | null | undefined) => orDash(value);
const date = (value: string | null | undefined) => formatDate(value ?? null);
const yesNo = (value: boolean | null | undefined) => formatYesNo(value ?? null);

function number(value: number | null | undefined, unit?: string | null): string {
  if (value === null || value === undefined || Number.isNaN(value)) return EMPTY_VALUE;
  const shown = String(value).replace('.', ',');
  return unit ? `${shown} ${unit}` : shown;
}

/** The name of a list value by id: '---' when missing, the id itself when the list lacks it. */
function nameOf<T extends { Id: number }>(rows: readonly T[] | undefined, id: Id, label: (item: T) => string): string {
  if (id === null || id === undefined || String(id).trim() === '') return EMPTY_VALUE;
  const found = (rows ?? []).find((item) => String(item.Id) === String(id));
  return found ? label(found) : String(id);
}

const named = (item: { Nombre: string }) => item.Nombre;
const nameOrNull = <T extends { Id: number; Nombre: string }>(rows: readonly T[] | undefined, id: Id): string | null => {
  const name = nameOf(rows, id, named);
  return name === EMPTY_VALUE ? null : name;
};

function sexName(value: string | null | undefined): string {
  if (value === 'F') return 'Femenino';
  if (value === 'M') return 'Masculino';
  return EMPTY_VALUE;
}

// ---------------------------------------------------------------------------------------
// Sections

/** A contact value, or the placeholder that says it is not for this role (the server sends it null). */
const contactValue = (value: string | null | undefined, hidden: boolean) => (hidden ? MSG.wizard.reporterContactHidden : text(value));

export function patientSection(patient: ErPatient | null, lists: SummaryLists, hideReporterContact = false): SummarySection {
  const title = WIZARD_STEPS[0];
  if (!patient) return { title, blocks: [], empty: 'Sin datos del paciente.' };
  const female = patient.Genere === 'F';
  const rows = [
    row('Alias', text(patient.Initials)),
    row('Edad', patient.Age === null ? EMPTY_VALUE : number(patient.Age, patient.Escala)),
    row('Altura', number(patient.Height, nameOf(lists.AlturaUnidad, patient.HeightUnitId, (unit) => unit.Abreviacion))),
    row('Peso', number(patient.Weight, nameOf(lists.PesoUnidad, patient.WeightUnitId, (unit) => unit.Abreviacion))),
    row('Sexo', sexName(patient.Genere)),
    ...(female
      ? [
          row('Embarazo', yesNo(patient.Pregnancy)),
          ...(patient.Pregnancy ? [row('Semanas de gestación', text(patient.Gestation))] : []),
          row('Lactancia', yesNo(patient.Lactation)),
        ]
      : []),
    row('País', patient.Country ? (lists.Paises.find((country) => country.Codigo === patient.Country)?.Nombre ?? patient.Country) : EMPTY_VALUE),
    row('Provincia', text(patient.State)),
    row('Residencia', nameOf(lists.Residencias, patient.Residence, named)),
    row('Institución médica', text(patient.InstMedica)),
    row('Condiciones médicas', text(patient.CondicionesMedicas)),
    row('Alergias', text(patient.Alergias)),
    row('¿Desea ser contactado?', yesNo(patient.ContactAllow)),
    ...(patient.ContactAllow
      ? [
          row('Parentesco', nameOf(lists.Parentesco, patient.IdParentesco, named)),
          row('Teléfono', contactValue(patient.Phone, hideReporterContact)),
          row('Correo', contactValue(patient.Email, hideReporterContact)),
        ]
      : []),
  ];
  return { title, blocks: [{ rows }] };
}

export function originSection(event: Pick<ErEvent, 'NumeroReferenciaHome'>, origin: SummaryOrigin | null, lists: SummaryLists): SummarySection {
  const title = WIZARD_STEPS[1];
  const blocks: SummaryBlock[] = [];
  if (event.NumeroReferenciaHome) {
    blocks.push({ rows: [row('Reporte de médico / paciente', event.NumeroReferenciaHome)] });
  }
  if (origin) {
    const fileName = storedFileName(origin.FileName, origin.Extension);
    blocks.push({
      rows: [
        row('Documento de origen', origin.Have ? (fileName ?? 'Adjunto') : MSG.wizard.notAvailable),
        ...(origin.Have ? [] : [row('Motivo', text(origin.NotHave))]),
        row('Origen', nameOf(lists.ReporteOriginador_Origen, origin.OrigenId, named)),
        row('Receptor', nameOf(lists.ReporteOriginador_Receptor, origin.ReceptorId, named)),
        row('Tipo', nameOf(lists.ReporteOriginador_Tipo, origin.TipoId, named)),
        row('País de origen', nameOf(lists.PaisOrigen, origin.Country, named)),
        row('Proviene de literatura', yesNo(origin.ProvieneDeLiteratura)),
        ...(origin.ProvieneDeLiteratura ? [row('Referencia bibliográfica', text(origin.ReferenciaBibliografica))] : []),
        ...(showsClinicalStudy(origin)
          ? [
              row('Nombre del estudio', text(origin.NombreEstudio)),
              row('Tipo de estudio', text(origin.TipoEstudio)),
              row('Número de registro del estudio', text(origin.NumeroRegistroEstudio)),
              row('Número de sponsor', text(origin.NumeroSponsor)),
            ]
          : []),
      ],
    });
  }
  return { title, blocks, empty: 'Sin datos del origen del reporte.' };
}

export function medicationsSection(medications: readonly SummaryMedication[]): SummarySection {
  return {
    title: WIZARD_STEPS[2],
    empty: MSG.lists.empty('medicamentos'),
    blocks: medications.map((medication) => ({
      title: medication.name,
      rows: [
        row('Rol del medicamento', medication.role),
        row('Laboratorio', text(medication.laboratory)),
        row('Fabricante', medication.lines.length > 0 ? medication.lines.join(', ') : EMPTY_VALUE),
        row('Principio activo', medication.ingredients.length > 0 ? medication.ingredients.join(', ') : EMPTY_VALUE),
        row('Lote', text(medication.lot)),
        row('Fecha de inicio', date(medication.dateStart)),
        row('Fecha de fin', date(medication.dateEnd)),
        row('Dosis administrada', medication.dose),
        row('Vía', text(medication.via)),
        row('Frecuencia', text(medication.frequencyType)),
        row('Horas', number(medication.hours)),
        row('Motivo de indicación', text(medication.indication)),
      ],
    })),
  };
}

/** The seriousness criteria met, by their labels; 'Ninguno' when none. */
export function seriousnessText(ram: Pick<SummaryRam, (typeof SERIOUSNESS_FLAGS)[number]>): string {
  const met = SERIOUSNESS_FLAGS.filter((flag) => ram[flag]).map((flag) => SERIOUSNESS_LABELS[flag]);
  return met.length > 0 ? met.join(', ') : 'Ninguno';
}

export function ramsSection(rams: readonly SummaryRam[], lists: SummaryLists): SummarySection {
  return {
    title: WIZARD_STEPS[3],
    empty: MSG.lists.empty('eventos adversos'),
    blocks: rams.map((ram) => ({
      title: ram.MedraLLT.llt_name ?? ram.Description,
      rows: [
        row('Término MedDRA', text(ram.MedraLLT.llt_name)),
        row('Descripción', text(ram.Description)),
        row('¿Es esperado?', yesNo(ram.IsExpected)),
        row('Evolución', nameOf(RAM_EVOLUTIONS, ram.Evolution, named)),
        row('Acción tomada con el medicamento', nameOf(lists.AccionMedicamento, ram.AccMed, named)),
        row('Fecha de inicio', date(ram.DateStart)),
        row('Fecha de fin', date(ram.DateEnd)),
        row('Criterios de gravedad', seriousnessText(ram)),
        ...(ram.HospitalizationRequired
          ? [row('Inicio de la hospitalización', date(ram.HospitalizationDateStart)), row('Fin de la hospitalización', date(ram.HospitalizationDateEnd))]
          : []),
        ...(ram.Considerations ? [row('Consideraciones', ram.Considerations)] : []),
      ],
    })),
  };
}

export function previousMedicationsSection(
  rows: readonly ErPreviousMedication[],
  event: Pick<ErEvent, 'AdministeredMedicationsTextA' | 'AdministeredMedicationsTextB'>,
): SummarySection {
  return {
    title: WIZARD_STEPS[4],
    blocks: [
      ...rows.map((medication) => ({
        title: medication.Medicamento,
        rows: [row('Tipo', text(medication.TipoNombre)), row('Fecha de inicio', date(medication.FechaIni)), row('Fecha de fin', date(medication.FechaFin))],
      })),
      {
        title: rows.length > 0 ? 'Otros' : undefined,
        rows: [row(MSG.wizard.otherMedications, text(event.AdministeredMedicationsTextA)), row(MSG.wizard.supplements, text(event.AdministeredMedicationsTextB))],
      },
    ],
  };
}

export function medicalContactSection(contact: ErMedicalContact | null): SummarySection {
  const rows = [row(MSG.wizard.medicalConsultation, yesNo(contact?.SeContacto))];
  if (contact?.SeContacto) {
    const fileName = storedFileName(contact.NombreArchivo, contact.ExtensionArchivo);
    rows.push(
      row('Fecha de contacto', date(contact.FechaContacto)),
      row('Nombre del médico', text(contact.NombreMedico)),
      row('Profesión', text(contact.Profesion)),
      row('Correo', text(contact.EmailMedico)),
      row('Teléfono', text(contact.TelMedico)),
      row('Intervención', text(contact.Intervencion)),
      row('Archivo adjunto', text(fileName)),
    );
  }
  return { title: WIZARD_STEPS[5], blocks: [{ rows }] };
}

export function additionalSection(event: Pick<ErEvent, 'AdditionalInformation'>, documentCount: number): SummarySection {
  return {
    title: WIZARD_STEPS[6],
    blocks: [
      {
        rows: [
          row(MSG.wizard.additionalInformation, text(event.AdditionalInformation)),
          row('Documentos y notas', documentCount === 1 ? '1 documento o nota' : `${documentCount} documentos o notas`),
        ],
      },
    ],
  };
}

export function whoReportSection(who: ErWhoReport | null, hideReporterContact = false): SummarySection {
  const title = 'Quién reportó';
  if (!who) return { title, blocks: [], empty: EMPTY_VALUE };
  // A staff creator ('Usuario') is not a reporter of an incoming report: shown to everyone.
  const hidden = hideReporterContact && who.Origen !== 'Usuario';
  return {
    title,
    blocks: [
      {
        rows: [
          row('Reportado por', text(who.Origen)),
          row('Nombre', contactValue(who.Nombre, hidden)),
          ...(who.Profesion ? [row('Profesión', who.Profesion)] : []),
          ...(who.Parentesco ? [row('Parentesco', who.Parentesco)] : []),
          row('Correo', contactValue(who.Email, hidden)),
          row('Teléfono', contactValue(who.Telefono, hidden)),
        ],
      },
    ],
  };
}

/** The manufacturer's approval of the evaluation (AprobarFabricante), for a Fabricante's view. */
export function approvedFabricSection(approved: ApprovedFabric | null, timeZone?: string): SummarySection {
  const rows = [row('Evaluación aprobada por el fabricante', yesNo(approved?.Aprobado ?? false))];
  if (approved?.Aprobado) {
    rows.push(row('Fecha de aprobación', formatDateTime(approved.Fecha, timeZone)), row('Aprobada por', text(approved.Usuario)), row('Comentario', text(approved.Comentario)));
  }
  return { title: 'Aprobación del fabricante', blocks: [{ rows }] };
}

/** Every section of the summary, in the wizard's order, then who reported. */
export function summarySections(data: SummaryData): SummarySection[] {
  return [
    patientSection(data.patient, data.lists, data.hideReporterContact),
    originSection(data.event, data.origin, data.lists),
    medicationsSection(data.medications),
    ramsSection(data.rams, data.lists),
    previousMedicationsSection(data.previousMedications, data.event),
    data.approvedFabric === undefined ? medicalContactSection(data.medicalContact) : approvedFabricSection(data.approvedFabric, data.timeZone),
    additionalSection(data.event, data.documentCount),
    whoReportSection(data.whoReport, data.hideReporterContact),
  ];
}

// ---------------------------------------------------------------------------------------
// From the stored records and from the follow-up draft

function ingredientText(name: string | null | undefined, concentration: number | null | undefined, unit: string | null): string {
  const amount = concentration === null || concentration === undefined ? '' : ` ${number(concentration, unit)}`;
  return `${name ?? EMPTY_VALUE}${amount}`;
}

/** A stored related medication (its names come with it). */
export function storedMedication(medication: ErMedication): SummaryMedication {
  return {
    name: medication.Medicine.ComercialName,
    role: medication.CaracterizacionNombre,
    laboratory: medication.Laboratorio.Nombre,
    lines: [medication.Linea?.Nombre, medication.Linea2?.Nombre].filter((line): line is string => Boolean(line)),
    ingredients: medication.PrincipiosActivos.map((item) => ingredientText(item.PrincipioActivo_Nombre, item.Concentracion, item.UnidadNombre)),
    lot: medication.LotNumber,
    indication: medication.Indication,
    dateStart: medication.DateStart,
    dateEnd: medication.DateEnd,
    dose: number(medication.Cant, medication.UnitUsoNombre),
    via: medication.Via,
    frequencyType: medication.FrecuenciaTipoNombre,
    hours: medication.FrecId,
  };
}

/** A medication of the follow-up draft: its input read through the domain schema, list names looked up. */
export function draftMedication(item: FollowUpDraft['medicamentos'][number], lists: SummaryLists): SummaryMedication {
  const parsed = medicationInputSchema.safeParse(item.input);
  const lines = [item.display.Linea].filter((line) => line.trim() !== '');
  if (!parsed.success) {
    return { name: item.display.ComercialName, role: drugRoleLabel(Number(item.input.Caracterizacion ?? 1)), laboratory: item.display.Laboratorio, lines, ingredients: [], lot: null, indication: null, dateStart: null, dateEnd: null, dose: EMPTY_VALUE, via: null, frequencyType: null, hours: null };
  }
  const medication = parsed.data;
  return {
    name: item.display.ComercialName,
    role: drugRoleLabel(medication.Caracterizacion),
    laboratory: item.display.Laboratorio,
    lines,
    ingredients: medication.PrincipiosActivos.map((ingredient) =>
      ingredientText(ingredient.PrincipioActivo_Nombre, ingredient.Concentracion, nameOrNull(lists.MedicamentoUnidad, ingredient.Unidad)),
    ),
    lot: medication.LotNumber,
    indication: medication.Indication,
    dateStart: medication.DateStart,
    dateEnd: medication.DateEnd,
    dose: number(medication.Cant, nameOrNull(lists.MedicamentoUnidadUso, medication.UnitUsoId)),
    via: nameOrNull(lists.Via, medication.ViaId),
    frequencyType: nameOrNull(lists.MedicamentoFrecuencia, medication.FrecuenciaTipo),
    hours: medication.FrecId,
  };
}

/** The draft's patient, origin and adverse events as the schemas output them (null / left out when invalid). */
export function draftRecords(draft: FollowUpDraft): { patient: ErPatient | null; origin: SummaryOrigin | null; rams: SummaryRam[] } {
  const patient = patientInputSchema.safeParse(draft.patient);
  const origin = originInputSchema.safeParse(draft.origin);
  return {
    patient: patient.success ? patient.data : null,
    origin: origin.success ? origin.data : null,
    rams: draft.rams.flatMap((item) => {
      const ram = ramInputSchema.safeParse(item.input);
      return ram.success ? [ram.data] : [];
    }),
  };
}
