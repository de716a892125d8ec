import { MSG } from '@atalaya/domain';
import { z } from 'zod';

/** Largest value of an `integer` (serial) column. */
const MAX_ID = 2_147_483_647;

/** A numeric id in a path: a positive whole number within the id range, else 400 'El identificador no es válido'. */
export const idParam = z.string().transform((value, ctx) => {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    ctx.addIssue({ code: 'custom', message: MSG.referenceData.invalidId });
    return z.NEVER;
  }
  return id;
});

export const idParams = z.object({ id: idParam });
/** Path of getlaboraotriesByProductsCountry/{a}/{b}: a product id and a country id. */
export const productCountryParams = z.object({ a: idParam, b: idParam });
