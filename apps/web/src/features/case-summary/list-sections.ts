import { EMPTY_VALUE, MSG, RAM_EVOLUTIONS, SERIOUSNESS_FLAGS, SERIOUSNESS_LABELS, WIZARD_STEPS, type ErEvent, type ErPreviousMedication } from '@atalaya/domain';
import { date, nameOf, named, number, row, text, yesNo } from './format';
import type { SummaryLists, SummaryMedication, SummaryRam, SummarySection } from './summary-types';

/** The sections of the case's lists: related medications, adverse events, previous medications (steps 2–4). */

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

