import { originInputSchema, type Origin, type OriginInput } from '@atalaya/domain';

/** What the origin form edits (event spec §2.4 step 1, §3 'Origin report'); texts as '' when empty. */
export interface OriginFormValues {
  /** 'Adjuntar documento' (true) or 'No disponible' (false); null while not chosen. */
  Have: boolean | null;
  NotHave: string;
  OrigenId: number | null;
  ReceptorId: number | null;
  TipoId: number | null;
  ProvieneDeLiteratura: boolean;
  ReferenciaBibliografica: string;
  /** PaisOrigen id. */
  Country: number | null;
  NombreEstudio: string;
  TipoEstudio: string;
  NumeroRegistroEstudio: string;
  NumeroSponsor: string;
}

function idOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const id = Number(value);
  return Number.isInteger(id) ? id : null;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The origin body (stored record or follow-up draft) loaded into the form. */
export function originFormFromInput(input: OriginInput): OriginFormValues {
  return {
    Have: typeof input.Have === 'boolean' ? input.Have : null,
    NotHave: textOf(input.NotHave),
    OrigenId: idOf(input.OrigenId),
    ReceptorId: idOf(input.ReceptorId),
    TipoId: idOf(input.TipoId),
    ProvieneDeLiteratura: input.ProvieneDeLiteratura === true,
    ReferenciaBibliografica: textOf(input.ReferenciaBibliografica),
    Country: idOf(input.Country),
    NombreEstudio: textOf(input.NombreEstudio),
    TipoEstudio: textOf(input.TipoEstudio),
    NumeroRegistroEstudio: textOf(input.NumeroRegistroEstudio),
    NumeroSponsor: textOf(input.NumeroSponsor),
  };
}

/**
 * The body the form would send, before the schema. An unchosen 'Documento de origen' travels
 * as null so the schema answers 'Debe seleccionar una opción' for it.
 */
export function toOriginInput(values: OriginFormValues): OriginInput {
  return { ...values, Have: values.Have as boolean };
}

/** The checked origin (hidden fields emptied by the schema), or null when the form is invalid. */
export function parseOrigin(values: OriginFormValues): Origin | null {
  const result = originInputSchema.safeParse(toOriginInput(values));
  return result.success ? result.data : null;
}

/** Whether the form differs from what it started with (the stored origin or the draft). */
export function originFormChanged(values: OriginFormValues, baseline: OriginFormValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(baseline);
}
