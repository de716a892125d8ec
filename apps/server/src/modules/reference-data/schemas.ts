import { dbIdText, MSG } from '@atalaya/domain';
import { z } from 'zod';

/** A numeric id in a path: a positive whole number within the id range, else 400 'El identificador no es válido'. */
export const idParam = dbIdText(MSG.referenceData.invalidId);

export const idParams = z.object({ id: idParam });
/** Path of getlaboraotriesByProductsCountry/{a}/{b}: a product id and a country id. */
export const productCountryParams = z.object({ a: idParam, b: idParam });
