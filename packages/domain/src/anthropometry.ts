/**
 * Plausibility of a patient's height and weight (issue 20: 'typing 165 in Altura must not
 * become 165 m'). One rule for the public form, the wizard and the server.
 *
 * - Ranges are held in metres and kilograms: from a premature newborn to the tallest and
 *   heaviest adults recorded, so any real patient passes and a slip of units does not.
 * - A height typed in metres above `HEIGHT_CM_THRESHOLD` (3 m) is read as centimetres
 *   (165 → 1.65). Where the unit is chosen (the wizard's AlturaUnidad / PesoUnidad, editable
 *   lists), a value is converted to metres / kilograms by the unit's abbreviation before the
 *   range applies; an unknown abbreviation is not range-checked (only non-negative).
 */
export const HEIGHT_RANGE_M = { min: 0.2, max: 2.75 } as const;
export const WEIGHT_RANGE_KG = { min: 0.2, max: 650 } as const;
/** A height in metres above this is taken as centimetres. */
export const HEIGHT_CM_THRESHOLD = 3;

const TO_METRES: Record<string, number> = { m: 1, cm: 0.01, mm: 0.001, in: 0.0254, pulg: 0.0254, ft: 0.3048, pie: 0.3048, pies: 0.3048 };
const TO_KILOGRAMS: Record<string, number> = { kg: 1, g: 0.001, lb: 0.45359237, lbs: 0.45359237, libras: 0.45359237, oz: 0.028349523125 };

/** A height typed in metres, with centimetres accepted: 165 → 1.65; 1.65 stays. */
export function heightInMetres(value: number): number {
  return value > HEIGHT_CM_THRESHOLD ? Math.round(value) / 100 : value;
}

/** The factor from a unit (by its abbreviation, any case) to metres / kilograms; undefined when unknown. */
export function heightUnitFactor(abbreviation: string | null | undefined): number | undefined {
  return abbreviation ? TO_METRES[abbreviation.trim().toLowerCase()] : undefined;
}
export function weightUnitFactor(abbreviation: string | null | undefined): number | undefined {
  return abbreviation ? TO_KILOGRAMS[abbreviation.trim().toLowerCase()] : undefined;
}

/** Whether a height in metres / a weight in kilograms is plausible for a patient. */
export function isPlausibleHeight(metres: number): boolean {
  return metres >= HEIGHT_RANGE_M.min && metres <= HEIGHT_RANGE_M.max;
}
export function isPlausibleWeight(kilograms: number): boolean {
  return kilograms >= WEIGHT_RANGE_KG.min && kilograms <= WEIGHT_RANGE_KG.max;
}
