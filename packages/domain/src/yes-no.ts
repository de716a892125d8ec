import { z } from 'zod';

/** Yes/no values as stored (event spec §9). */
export const YES_NO = ['SI', 'NO'] as const;
export type YesNo = (typeof YES_NO)[number];

/** Sex values (event spec §9). */
export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];

/** An optional SI/NO answer. */
export function optionalYesNo() {
  return z.enum(YES_NO).nullish();
}
