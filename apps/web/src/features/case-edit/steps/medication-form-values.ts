import {
  DRUG_ROLE_SUSPECT,
  DRUG_ROLES,
  type DrugRole,
  medicationInputSchema,
  type CountryProduct,
  type Medication,
  type MedicationInput,
  type NamedItem,
} from '@atalaya/domain';
import { numberOf, stringOrNull, textOf, type FieldOf, schemaParser } from '../../../shared/form';

/** Most manufacturer lines a medication names (LineaId and LineaId2). */
export const MAX_MEDICATION_LINES = 2;

/** A role the form can hold: 1–4, else 'Sospechoso' (what the server takes for an omitted one). */
export function drugRoleOf(value: unknown): DrugRole {
  return DRUG_ROLES.find((role) => role.value === Number(value))?.value ?? DRUG_ROLE_SUSPECT;
}

/**
 * Picking a medicine: its active ingredients (with their registered concentration and unit,
 * editable), its pharmaceutical form, and no manufacturer yet (the lines are its laboratory's).
 * What the user typed in the other fields stays.
 */
export function withProduct(values: MedicationFormValues, product: CountryProduct | null): MedicationFormValues {
  if (!product) return { ...values, MedicineId: null, Lineas: [], FormaFarmaceuticaId: null, PrincipiosActivos: [] };
  return {
    ...values,
    MedicineId: product.Id,
    Lineas: [],
    FormaFarmaceuticaId: product.FormaFarmaceuticaId,
    PrincipiosActivos: product.PrincipiosActivos.map((ingredient) => ({
      PrincipioActivoId: ingredient.PrincipioActivoId,
      PrincipioActivo_Nombre: ingredient.PrincipioActivo_Nombre,
      Concentracion: ingredient.Concentracion,
      Unidad: ingredient.Unidad,
    })),
  };
}

/**
 * What the medication form edits (event spec §2.4 step 2, §5 'Medication form'), from a medication
 * of the follow-up draft (or a stored one, `medicationInputFromRecord`; nothing for a new one).
 * Close to `MedicationInput`, except the manufacturer multi-select (`Lineas`), which feeds
 * LineaId and LineaId2, and the medicine, held as its id; the role is 'Sospechoso' by default
 * (E2B G.k.1). Each ingredient's `Unidad` is a MedicamentoUnidad id.
 */
export function medicationFormFromInput(input: Partial<MedicationInput>) {
  return {
    MedicineId: numberOf(input.Medicine?.Id),
    Lineas: [numberOf(input.LineaId), numberOf(input.LineaId2)].filter((id): id is number => id !== null),
    FormaFarmaceuticaId: numberOf(input.FormaFarmaceuticaId),
    PrincipiosActivos: (input.PrincipiosActivos ?? []).map((ingredient) => ({
      PrincipioActivoId: numberOf(ingredient.PrincipioActivoId) ?? 0,
      PrincipioActivo_Nombre: ingredient.PrincipioActivo_Nombre ?? '',
      Concentracion: numberOf(ingredient.Concentracion),
      Unidad: numberOf(ingredient.Unidad),
    })),
    LotNumber: textOf(input.LotNumber),
    Indication: textOf(input.Indication),
    DateStart: stringOrNull(input.DateStart),
    DateEnd: stringOrNull(input.DateEnd),
    ViaId: numberOf(input.ViaId),
    FrecuenciaTipo: numberOf(input.FrecuenciaTipo),
    FrecId: numberOf(input.FrecId),
    Cant: numberOf(input.Cant),
    UnitUsoId: numberOf(input.UnitUsoId),
    Caracterizacion: drugRoleOf(input.Caracterizacion),
  };
}

export type MedicationFormValues = ReturnType<typeof medicationFormFromInput>;

export const emptyMedicationForm = (): MedicationFormValues => medicationFormFromInput({});

/**
 * The body the form sends (before the schema): the medicine as `{ Id }` (missing when none is
 * picked, so the schema says 'Debe seleccionar un medicamento'), the first manufacturer as
 * LineaId and the second as LineaId2.
 */
export function toMedicationInput({ MedicineId, Lineas, PrincipiosActivos, ...rest }: MedicationFormValues): MedicationInput {
  return {
    Medicine: { Id: MedicineId },
    LineaId: Lineas[0] ?? null,
    LineaId2: Lineas[1] ?? null,
    PrincipiosActivos: PrincipiosActivos.map((ingredient) => ({ ...ingredient })),
    ...rest,
  };
}

/** The checked medication (blank text and none values as null), or null when the form is invalid. */
export const parseMedication: (values: MedicationFormValues) => Medication | null = schemaParser(medicationInputSchema, toMedicationInput);

/** Where the body's issues show on the form: the medicine's id on the medicine, both lines on 'Fabricante'. */
export const medicationFieldOf: FieldOf = (path) => {
  const [head] = path;
  if (head === 'Medicine') return 'MedicineId';
  if (head === 'LineaId' || head === 'LineaId2') return 'Lineas';
  return path.map(String).join('.');
};

export interface MedicationDisplay {
  ComercialName: string;
  Laboratorio: string;
  Linea: string;
}

/**
 * The names a list row of the follow-up draft shows (the draft holds ids only): the medicine
 * and laboratory from the country's list, the lines from the laboratory's; what the edited
 * item showed before fills in a name the lists no longer hold.
 */
export function medicationDisplay(
  product: Pick<CountryProduct, 'ComercialName' | 'Laboratorio'> | undefined,
  lines: readonly NamedItem[],
  lineIds: readonly number[],
  previous: MedicationDisplay | null = null,
): MedicationDisplay {
  const names = lineIds.map((id) => lines.find((line) => line.Id === id)?.Nombre);
  const complete = names.every((name) => name !== undefined);
  return {
    ComercialName: product?.ComercialName ?? previous?.ComercialName ?? '',
    Laboratorio: product?.Laboratorio.Nombre ?? previous?.Laboratorio ?? '',
    Linea: complete ? names.join(', ') : (previous?.Linea ?? names.filter(Boolean).join(', ')),
  };
}
