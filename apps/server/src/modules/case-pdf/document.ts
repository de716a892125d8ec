import {
  EMPTY_VALUE,
  erStatusName,
  formatDate,
  formatDateTime,
  formatNumber,
  formatUtcOffset,
  formatYesNo,
  naranjoAnswerText,
  orDash,
  RAM_EVOLUTIONS,
  SERIOUSNESS_FLAGS,
  SERIOUSNESS_LABELS,
  type SeriousnessFlag,
  whoUmcPairLabel,
} from '@atalaya/domain';
import type { CasePdfData } from './load.js';
import { PDF_HISTORY_ENTRIES } from './load.js';
import type { Block, Cell, PdfDocumentInput } from './render.js';

/**
 * The case PDF's content in Spanish, laid out like the CIOMS I form: a heading with the
 * reference, status and date, then six boxed, numbered sections. It prints what the case view
 * shows: missing values '---', booleans 'Sí' / 'No', decimals with a comma (1,65), dates
 * DD/MM/YYYY and times in the time zone of the case's country, labelled
 * ('hora de Uruguay, UTC−03:00'; docs/display.md).
 */

export const PDF_HEADING = 'FORMULARIO DE NOTIFICACIÓN DE SOSPECHA DE REACCIÓN ADVERSA';

const yesNo = (value: boolean | null | undefined) => formatYesNo(value);
const day = (value: string | null | undefined) => (value ? formatDate(value) : EMPTY_VALUE);

/** The case's country and its IANA zone: every time in the PDF is read on its clock. */
interface Clock {
  country: string;
  timeZone: string;
}

const clockOf = (data: CasePdfData): Clock => ({ country: data.event.countryName, timeZone: data.event.timeZone });
const instant = (value: Date | null | undefined, clock: Clock) => (value ? formatDateTime(value, clock.timeZone) : EMPTY_VALUE);

/**
 * 'hora de Uruguay, UTC−03:00': the zone the times are in, with its offset at the given instants
 * (only the country's name when they straddle a daylight-saving change).
 */
export function zoneLabel(clock: Clock, at: readonly Date[]): string {
  const offsets = new Set(at.map((date) => formatUtcOffset(date, clock.timeZone)));
  const [offset] = offsets;
  return offsets.size === 1 && offset ? `hora de ${clock.country}, ${offset}` : `hora de ${clock.country}`;
}

/** An amount with its unit, its decimals with a comma. */
const amount = (value: number | null | undefined, unit: string | null | undefined) =>
  value === null || value === undefined ? null : joined([formatNumber(value), unit]);

function joined(parts: readonly (string | number | null | undefined)[], separator = ' '): string {
  const kept = parts.filter((part) => part !== null && part !== undefined && String(part).trim() !== '').map(String);
  return kept.length ? kept.join(separator) : EMPTY_VALUE;
}

const cell = (label: string, value: string | number | null | undefined, width = 1): Cell => ({ label, value: orDash(value), width });
const row = (...cells: Cell[]): Block => ({ kind: 'cells', cells });
const paragraph = (label: string, text: string | null | undefined): Block => ({ kind: 'paragraph', label, text: orDash(text) });
const note = (text: string): Block => ({ kind: 'cells', cells: [{ value: text }] });

function tableHeader(...columns: [string, number][]): Block {
  return { kind: 'cells', shaded: true, cells: columns.map(([value, width]) => ({ value, width, bold: true })) };
}

function tableRow(...columns: [string | number | null | undefined, number][]): Block {
  return { kind: 'cells', cells: columns.map(([value, width]) => ({ value: orDash(value), width })) };
}

const GENDERS: Readonly<Record<string, string>> = { M: 'Masculino', F: 'Femenino' };

function sectionReaction(data: CasePdfData): Block[] {
  const patient = data.patient?.patient ?? null;
  const female = patient?.gender === 'F';
  const starts = data.rams.map((entry) => entry.ram.dateStart).filter((date): date is string => date !== null).sort();
  const ends = data.rams.map((entry) => entry.ram.dateEnd).filter((date): date is string => date !== null).sort();
  const blocks: Block[] = [
    { kind: 'section', title: 'I. INFORMACIÓN DE LA REACCIÓN' },
    row(
      cell('1. Iniciales del paciente', patient?.initials),
      cell('1a. País', data.patient?.countryName),
      cell('2. Edad', amount(patient?.age, patient?.ageUnit)),
      cell('3. Sexo', patient?.gender ? (GENDERS[patient.gender] ?? patient.gender) : null),
      cell('3a. Peso', amount(patient?.weight, data.patient?.weightUnit)),
      cell('3b. Altura', amount(patient?.height, data.patient?.heightUnit)),
    ),
    row(
      // As the case view: pregnancy and lactation only for a woman, the weeks only when pregnant.
      ...(female
        ? [
            cell('Embarazo', yesNo(patient.pregnancy)),
            ...(patient.pregnancy ? [cell('Semanas de gestación', patient.gestation)] : []),
            cell('Lactancia', yesNo(patient.lactation)),
          ]
        : []),
      cell('Departamento / estado', patient?.state),
      cell('Residencia', data.patient?.residence),
      cell('Institución médica', patient?.medicalInstitution),
    ),
    row(cell('4-6. Inicio de la reacción', day(starts[0])), cell('Fin de la reacción', day(ends.at(-1))), cell('Cantidad de reacciones', data.rams.length)),
  ];
  if (data.rams.length === 0) blocks.push(note('No se registraron reacciones adversas.'));
  data.rams.forEach((entry, index) => {
    const { ram } = entry;
    blocks.push(
      { kind: 'subheading', text: `7. Reacción ${index + 1} de ${data.rams.length}: ${orDash(ram.lltName)}` },
      row(
        cell('Término MedDRA (LLT)', ram.lltName, 2),
        cell('Código LLT', ram.lltCode),
        cell('Fecha de inicio', day(ram.dateStart)),
        cell('Fecha de fin', day(ram.dateEnd)),
        cell('Evolución', RAM_EVOLUTIONS.find((option) => option.Id === ram.evolution)?.Nombre, 1.5),
      ),
      paragraph('Descripción', ram.description),
      row(
        cell('Esperada', yesNo(ram.isExpected)),
        cell('Es RAM', yesNo(ram.isRam)),
        cell('Tipo RAM', entry.typeName),
        cell('Acción con el medicamento', entry.actionName, 1.5),
        cell('Categorías', entry.categories.join(', ') || null, 1.5),
        cell('Reclamo de calidad', yesNo(ram.qualityClaim)),
      ),
      row(cell('8-12. Criterios de gravedad', `Grave: ${yesNo(ram.isSerious)}`)),
      { kind: 'checks', items: SERIOUSNESS_FLAGS.map((flag) => ({ label: seriousnessLabel(flag, ram), checked: seriousnessValue(flag, ram) })) },
      row(
        cell('Notificación a la autoridad sanitaria', entry.local ? joined([day(entry.local.date), entry.local.channel], ' - ') : null),
        cell('Notificación al titular del registro', entry.provider ? joined([day(entry.provider.date), entry.provider.channel], ' - ') : null),
      ),
      paragraph('Consideraciones', ram.considerations),
    );
  });
  return blocks;
}

type RamRecord = CasePdfData['rams'][number]['ram'];

function seriousnessValue(flag: SeriousnessFlag, ram: RamRecord): boolean {
  switch (flag) {
    case 'Death':
      return ram.death;
    case 'LifeThreading':
      return ram.lifeThreatening;
    case 'HospitalizationRequired':
      return ram.hospitalizationRequired;
    case 'PersistedHospitalization':
      return ram.persistedHospitalization;
    case 'TransitoryDisability':
      return ram.transitoryDisability;
    case 'PersistentDisability':
      return ram.persistentDisability;
    case 'CongenitalAnomaly':
      return ram.congenitalAnomaly;
    case 'AnotherCondition':
      return ram.anotherCondition;
  }
}

function seriousnessLabel(flag: SeriousnessFlag, ram: RamRecord): string {
  const label = SERIOUSNESS_LABELS[flag];
  if (flag !== 'HospitalizationRequired' || !ram.hospitalizationRequired) return label;
  return `${label} (desde ${day(ram.hospitalizationDateStart)} hasta ${day(ram.hospitalizationDateEnd)})`;
}

function sectionMedications(data: CasePdfData): Block[] {
  const blocks: Block[] = [{ kind: 'section', title: 'II. MEDICAMENTOS SOSPECHOSOS' }];
  if (data.medications.length === 0) blocks.push(note('No se registraron medicamentos sospechosos.'));
  data.medications.forEach(({ row: medication, ingredients, recovery }, index) => {
    const actives = ingredients.map((ingredient) => joined([ingredient.name, amount(ingredient.concentration, ingredient.unitName)])).join('; ');
    const frequency = joined([medication.frequencyTypeName, medication.frequencyHours !== null ? `cada ${formatNumber(medication.frequencyHours)} horas` : null], ', ');
    blocks.push(
      { kind: 'subheading', text: `14. Medicamento ${index + 1} de ${data.medications.length}: ${medication.commercialName}` },
      row(
        cell('Producto', medication.commercialName, 1.5),
        cell('Familia', medication.familyName),
        cell('Laboratorio', medication.laboratoryName, 1.5),
        cell('Fabricante', medication.lineName),
        cell('Fabricante 2', medication.line2Name),
        cell('Forma farmacéutica', medication.pharmaceuticalFormName),
      ),
      row(cell('Principios activos (concentración)', actives || null, 4), cell('Lote', medication.lotNumber)),
      row(
        cell('15. Dosis', amount(medication.dose, medication.useUnitName)),
        cell('16. Vía de administración', medication.routeName),
        cell('Frecuencia', frequency, 1.5),
        cell('18. Fecha de inicio', day(medication.dateStart)),
        cell('Fecha de fin', day(medication.dateEnd)),
      ),
      paragraph('17. Indicación', medication.indication),
      ...recoveryBlocks(recovery),
    );
  });
  return blocks;
}

/** The recovery of a suspect product (Recuperacion tab), when one was recorded. */
function recoveryBlocks(entry: CasePdfData['medications'][number]['recovery']): Block[] {
  if (!entry) return [row(cell('Recuperación del producto', 'Sin registrar'))];
  const { recovery } = entry;
  return [
    row(
      cell('Recuperación: se dispone del producto', yesNo(recovery.haveProduct), 1.5),
      cell('Fecha de recuperación', day(recovery.date)),
      cell('Fecha de vencimiento', day(recovery.dateExpiration)),
      cell('Cantidad recuperada', recovery.amountComp),
      cell('Comprobante', entry.fileName),
    ),
    row(
      cell('Contacto', joined([recovery.contactName, recovery.contactAddress], ', '), 2),
      cell('Lugar de fabricación', recovery.placeManufacture, 1.5),
      cell('Recuperado por', recovery.nameFun, 1.5),
    ),
    paragraph('Condiciones de almacenamiento', recovery.conditionStorage),
    paragraph('Estado de conservación (envase primario)', recovery.stateConsFirst),
    paragraph('Estado de conservación (envase secundario)', recovery.stateConsSecond),
  ];
}

function sectionHistory(data: CasePdfData): Block[] {
  const patient = data.patient?.patient ?? null;
  const blocks: Block[] = [
    { kind: 'section', title: 'III. MEDICACIÓN CONCOMITANTE E HISTORIA' },
    { kind: 'subheading', text: '22. Medicamentos anteriores y concomitantes' },
  ];
  if (data.previousMedications.length === 0) {
    blocks.push(note('No se registraron medicamentos anteriores.'));
  } else {
    blocks.push(tableHeader(['Medicamento', 3], ['Tipo', 1.5], ['Fecha de inicio', 1], ['Fecha de fin', 1]));
    for (const medication of data.previousMedications) {
      blocks.push(tableRow([medication.Medicamento, 3], [medication.TipoNombre, 1.5], [day(medication.FechaIni), 1], [day(medication.FechaFin), 1]));
    }
  }
  blocks.push(
    paragraph('Otros medicamentos recibidos', data.event.administeredMedicationsTextA),
    paragraph('Vitaminas, minerales, suplementos, remedios herbales', data.event.administeredMedicationsTextB),
    paragraph('23. Condiciones médicas', patient?.medicalConditions),
    paragraph('Alergias', patient?.allergies),
    paragraph('Información adicional', data.event.additionalInformation),
  );
  return blocks;
}

function sectionCausality(data: CasePdfData, clock: Clock): Block[] {
  const { evaluation } = data;
  const blocks: Block[] = [
    { kind: 'section', title: 'IV. EVALUACIÓN DE CAUSALIDAD (NARANJO Y WHO-UMC)' },
    { kind: 'subheading', text: 'Algoritmo de Naranjo' },
    tableHeader(['N°', 0.4], ['Pregunta', 7], ['Respuesta', 1.3], ['Puntaje', 1]),
  ];
  evaluation.Questions.forEach((question, index) => {
    const answer = question.Respuesta > 0 ? naranjoAnswerText(question.Respuesta) : null;
    blocks.push(tableRow([index + 1, 0.4], [question.Pregunta, 7], [answer, 1.3], [String(question.Puntaje), 1]));
  });
  blocks.push(
    {
      kind: 'cells',
      cells: [
        { label: 'Total', value: String(evaluation.Total), bold: true },
        { label: 'Resultado', value: evaluation.Estado ?? 'Evaluación incompleta', bold: true, width: 2 },
        { label: 'Última modificación', value: evaluation.Modificado ? `${evaluation.Modificado.Usuario} ${instant(new Date(evaluation.Modificado.Fecha), clock)}` : EMPTY_VALUE, width: 3 },
      ],
    },
    paragraph('Comentario QPPV', evaluation.ComentarioQPPV),
    { kind: 'subheading', text: 'Causalidad WHO-UMC (por reacción y medicamento sospechoso)' },
  );
  if (data.whoUmc.length === 0) {
    blocks.push(note('No hay reacciones y medicamentos sospechosos que evaluar.'));
  } else {
    blocks.push(tableHeader(['Reacción × medicamento', 3], ['Categoría WHO-UMC', 1.6], ['Implicada por la lista', 1.6], ['Motivo del cambio', 2.2], ['Última modificación', 1.8]));
    for (const pair of data.whoUmc) {
      const modified = pair.Modificado ? `${pair.Modificado.Usuario} ${instant(new Date(pair.Modificado.Fecha), clock)}` : null;
      blocks.push(tableRow([whoUmcPairLabel(pair), 3], [pair.Categoria ?? 'Sin evaluar', 1.6], [pair.CategoriaImplicada, 1.6], [pair.MotivoCambio, 2.2], [modified, 1.8]));
    }
  }
  return blocks;
}

function sectionReporter(data: CasePdfData, clock: Clock): Block[] {
  const { whoReport: who, medicalContact: contact } = data;
  const origin = data.origin?.origin ?? null;
  const document = origin ? (origin.have ? orDash(data.origin?.fileName ?? 'Disponible') : `No disponible: ${orDash(origin.notHave)}`) : null;
  return [
    { kind: 'section', title: 'V. NOTIFICADOR / ORIGEN' },
    row(cell('Quién reporta', who.Origen), cell('Nombre', who.Nombre, 2), cell('Profesión', who.Profesion), cell('Parentesco', who.Parentesco)),
    row(cell('Correo', who.Email, 2), cell('Teléfono', who.Telefono), cell('Fecha de recepción', instant(data.event.receivedAt, clock)), cell('Creado por', data.event.creatorName, 1.5)),
    row(
      cell('24a. Origen del reporte', data.origin?.originName),
      cell('Receptor', data.origin?.receiverName),
      cell('24b. Tipo de origen', data.origin?.typeName),
      cell('País de origen', data.origin?.originCountryName),
      cell('Documento de origen', document, 2),
    ),
    row(cell('Proviene de literatura', origin ? yesNo(origin.fromLiterature) : null), cell('Referencia bibliográfica', origin?.bibliographicReference, 4)),
    row(
      cell('Estudio', origin?.studyName, 2),
      cell('Tipo de estudio', origin?.studyType),
      cell('N° de registro del estudio', origin?.studyRegistrationNumber),
      cell('N° de sponsor', origin?.sponsorNumber),
    ),
    { kind: 'subheading', text: 'Contacto médico' },
    row(
      // One answer, as the case view: the saved medical contact's, else the case's.
      cell('Se realizó consulta médica', yesNo(contact ? contact.SeContacto : data.event.medicalContact)),
      cell('Fecha de contacto', day(contact?.FechaContacto)),
      cell('Médico', contact?.NombreMedico, 2),
    ),
    row(cell('Profesión', contact?.Profesion), cell('Correo', contact?.EmailMedico, 2), cell('Teléfono', contact?.TelMedico)),
    paragraph('Intervención', contact?.Intervencion),
  ];
}

function sectionOperations(data: CasePdfData, clock: Clock): Block[] {
  const zone = zoneLabel(
    clock,
    data.history.map((entry) => entry.createdAt),
  );
  const blocks: Block[] = [
    { kind: 'section', title: 'VI. RESUMEN DEL HISTORIAL' },
    {
      kind: 'subheading',
      text: data.history.length >= PDF_HISTORY_ENTRIES ? `Últimas ${PDF_HISTORY_ENTRIES} operaciones (${zone})` : `Operaciones (${zone})`,
    },
  ];
  if (data.history.length === 0) return [...blocks, note('No se registraron operaciones.')];
  blocks.push(tableHeader(['Fecha', 1.3], ['Usuario', 1.5], ['Descripción', 2.5], ['Comentario', 2.5]));
  for (const entry of data.history) {
    blocks.push(tableRow([instant(entry.createdAt, clock), 1.3], [entry.user, 1.5], [entry.description, 2.5], [entry.comment, 2.5]));
  }
  return blocks;
}

/** The whole document of a case, generated at `now`. */
export function casePdfDocument(data: CasePdfData, now: Date): PdfDocumentInput {
  const { event } = data;
  const reference = event.referenceNumber;
  const status = erStatusName(event.status);
  const clock = clockOf(data);
  return {
    title: reference,
    subject: reference,
    heading: PDF_HEADING,
    headerLines: [`Evento reportable: ${reference}`, `Estado: ${status}   |   Fecha: ${instant(now, clock)} (${zoneLabel(clock, [now])})`],
    footer: `Atalaya - Evento reportable ${reference}`,
    createdAt: now,
    blocks: [
      row(
        cell('Referencia', reference, 1.5),
        cell('Estado', status, 1.5),
        // The sub-group alone, as the case view (the group's title often repeats it).
        cell('Tipo de reporte', event.subGroupName, 2),
        cell('País', event.countryName),
        cell('Reporte web', event.homeReferenceNumber),
      ),
      ...(event.parentReference ? [row(cell('Evento de seguimiento de', event.parentReference))] : []),
      ...(event.isHistoric ? [note('Evento histórico')] : []),
      ...sectionReaction(data),
      ...sectionMedications(data),
      ...sectionHistory(data),
      ...sectionCausality(data, clock),
      ...sectionReporter(data, clock),
      ...sectionOperations(data, clock),
    ],
  };
}
