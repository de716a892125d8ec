import { SERIOUSNESS_FLAGS, type ErRam, type RamClassificationInput, type SeriousnessFlag } from '@atalaya/domain';
import type { FieldOf } from '../../shared/form';

/**
 * The RAM tab's classification form (event spec §3 RAM, §5): its values, how a stored reaction
 * fills it, and the `updateRAM` body it sends. The domain's `ramClassificationInputSchema` checks
 * the body in the browser and again on the server.
 */

type YesNoChoice = 'SI' | 'NO' | '';

export type RamClassificationValues = {
  IsRAM: YesNoChoice;
  TypeRAM: number | null;
  /** Category ids as the multi-select holds them. */
  CategoryRAM: string[];
  IsExpected: YesNoChoice;
  HospitalizationDateStart: string | null;
  HospitalizationDateEnd: string | null;
  LocalNotified: boolean;
  LocalFecha: string | null;
  LocalVia: number | null;
  ProviderNotified: boolean;
  ProviderFecha: string | null;
  ProviderVia: number | null;
  Comentario: string;
} & Record<SeriousnessFlag, boolean>;

const choice = (value: boolean | null): YesNoChoice => (value === null ? '' : value ? 'SI' : 'NO');
const fromChoice = (value: YesNoChoice): boolean | undefined => (value === '' ? undefined : value === 'SI');

/** The body's classification; the two answers stay undefined until chosen. */
export type ClassificationInput = Omit<RamClassificationInput, 'IsRAM' | 'IsExpected'> & { IsRAM: boolean | undefined; IsExpected: boolean | undefined };

/** The form as a stored reaction fills it. */
export function classificationValuesOf(ram: ErRam): RamClassificationValues {
  const flags = Object.fromEntries(SERIOUSNESS_FLAGS.map((flag) => [flag, ram[flag]])) as Record<SeriousnessFlag, boolean>;
  return {
    IsRAM: choice(ram.IsRAM),
    TypeRAM: ram.TypeRAM,
    CategoryRAM: ram.CategoryRAM.map((link) => String(link.RAMCategoryId)),
    IsExpected: choice(ram.IsExpected),
    ...flags,
    HospitalizationDateStart: ram.HospitalizationDateStart,
    HospitalizationDateEnd: ram.HospitalizationDateEnd,
    LocalNotified: ram.LocalSanitaryNotificaction !== null,
    LocalFecha: ram.LocalSanitaryNotificaction?.Fecha ?? null,
    LocalVia: ram.LocalSanitaryNotificaction?.Via ?? null,
    ProviderNotified: ram.ProviderNotification !== null,
    ProviderFecha: ram.ProviderNotification?.Fecha ?? null,
    ProviderVia: ram.ProviderNotification?.Via ?? null,
    Comentario: '',
  };
}

/**
 * The classification part of the body. Someone who may not record the provider notification
 * sends none, which keeps the stored one (the server refuses a different one).
 */
export function classificationInputOf(values: RamClassificationValues, options: { mayNotifyProvider: boolean }): ClassificationInput {
  const flags = Object.fromEntries(SERIOUSNESS_FLAGS.map((flag) => [flag, values[flag]])) as Record<SeriousnessFlag, boolean>;
  return {
    // Left undefined when unanswered, so the schema answers 'Debe seleccionar una opción'.
    IsRAM: fromChoice(values.IsRAM),
    TypeRAM: values.IsRAM === 'SI' ? values.TypeRAM : null,
    CategoryRAM: values.CategoryRAM.map(Number),
    IsExpected: fromChoice(values.IsExpected),
    ...flags,
    HospitalizationDateStart: values.HospitalizationRequired ? values.HospitalizationDateStart : null,
    HospitalizationDateEnd: values.HospitalizationRequired ? values.HospitalizationDateEnd : null,
    LocalSanitaryNotificaction: values.LocalNotified ? { Fecha: values.LocalFecha ?? '', Via: values.LocalVia } : null,
    ProviderNotification: options.mayNotifyProvider && values.ProviderNotified ? { Fecha: values.ProviderFecha ?? '', Via: values.ProviderVia } : null,
  };
}

/** `updateRAM` from the RAM tab: the reaction, its case and the classification with the comment. */
export function classificationBody(values: RamClassificationValues, ram: { Id: number; IdER: string }, options: { mayNotifyProvider: boolean }) {
  const comment = values.Comentario.trim();
  return { ram: { Id: ram.Id, IdER: ram.IdER, ...classificationInputOf(values, options) }, comentario: comment === '' ? null : comment };
}

/** Where a schema issue shows in the form: the notifications' fields are flattened. */
export const classificationFieldOf: FieldOf = (path) => {
  const [first, second] = path.map(String);
  if (first === 'LocalSanitaryNotificaction') return second === 'Via' ? 'LocalVia' : 'LocalFecha';
  if (first === 'ProviderNotification') return second === 'Via' ? 'ProviderVia' : 'ProviderFecha';
  return first ?? '';
};
