import { drugRoleLabel, EMPTY_VALUE, medicationInputSchema, originInputSchema, patientInputSchema, ramInputSchema, type ErMedication, type ErPatient } from '@atalaya/domain';
import { nameOrNull, number } from './format';
import type { SummaryDraft, SummaryLists, SummaryMedication, SummaryOrigin, SummaryRam } from './summary-types';

/** The summary's records from the stored ones, or from a follow-up report's draft. */

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
export function draftMedication(item: SummaryDraft['medicamentos'][number], lists: SummaryLists): SummaryMedication {
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
export function draftRecords(draft: SummaryDraft): { patient: ErPatient | null; origin: SummaryOrigin | null; rams: SummaryRam[] } {
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
