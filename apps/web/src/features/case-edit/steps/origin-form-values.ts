import { originInputSchema, type Origin, type OriginInput } from '@atalaya/domain';
import { flagOf, idOf, readFields, textOf, schemaParser } from '../../../shared/form';

/**
 * What the origin form edits (event spec §2.4 step 1, §3 'Origin report'), each field with how
 * a body's value is read into it; texts as '' when empty. `Have` is 'Adjuntar documento' (true)
 * or 'No disponible' (false), null while not chosen; `Country` is a PaisOrigen id.
 */
const ORIGIN_FIELDS = {
  Have: flagOf, NotHave: textOf, OrigenId: idOf, ReceptorId: idOf, TipoId: idOf,
  ProvieneDeLiteratura: (value: unknown) => value === true, ReferenciaBibliografica: textOf, Country: idOf,
  NombreEstudio: textOf, TipoEstudio: textOf, NumeroRegistroEstudio: textOf, NumeroSponsor: textOf,
} satisfies Record<keyof OriginInput, (value: unknown) => unknown>;

/** The fields of an origin body. */
export const ORIGIN_KEYS = Object.keys(ORIGIN_FIELDS) as (keyof OriginInput)[];

export type OriginFormValues = ReturnType<typeof originFormFromInput>;

/** The origin body (stored record or follow-up draft) loaded into the form. */
export function originFormFromInput(input: OriginInput) {
  return readFields(ORIGIN_FIELDS, input);
}

/**
 * The body the form would send, before the schema. An unchosen 'Documento de origen' travels
 * as null so the schema answers 'Debe seleccionar una opción' for it.
 */
export function toOriginInput(values: OriginFormValues): OriginInput {
  return { ...values, Have: values.Have as boolean };
}

/** The checked origin (hidden fields emptied by the schema), or null when the form is invalid. */
export const parseOrigin: (values: OriginFormValues) => Origin | null = schemaParser(originInputSchema, toOriginInput);
