import {
  DEFAULT_USER_ORDER,
  isEmptyChoice,
  PAGE_SIZE,
  type LaboratoryOption,
  type Role,
  type SetLaboratoryUserInput,
  type UserFilterInput,
  type UserWithDetails,
} from '@atalaya/domain';

/**
 * The pure parts of the users screens (platform spec §2 'Admin users screen', 'My user', §3
 * 'User filter', §5 'Users', 'Laboratory assignment'): the filter panel → the list's body, the
 * form's values ↔ the `Details` body, and the 'Asignar' request.
 */

// ---------------------------------------------------------------------------------------------
// The filter panel
// ---------------------------------------------------------------------------------------------

/** 'Habilitado' in the filter panel: any, only enabled, only disabled. */
export type EnabledFilter = 'all' | 'yes' | 'no';

export interface UserFilterValues {
  name: string;
  email: string;
  /** Country code ('UY') or none. */
  country: string | null;
  enabled: EnabledFilter;
  /** Role name or none. */
  userType: string | null;
  orderBy: string;
}

export const EMPTY_USER_FILTERS: UserFilterValues = { name: '', email: '', country: null, enabled: 'all', userType: null, orderBy: DEFAULT_USER_ORDER };

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const choiceOrNull = (value: string | null): string | null => (isEmptyChoice(value) ? null : (value as string).trim());

/** The body of `getUsersByFilters` for the filters and a page: blanks and placeholders mean "any". */
export function userFilterBody(filters: UserFilterValues, pageNumber = 1): UserFilterInput {
  return {
    name: textOrNull(filters.name),
    email: textOrNull(filters.email),
    country: choiceOrNull(filters.country),
    userType: choiceOrNull(filters.userType),
    isActive: filters.enabled === 'all' ? null : filters.enabled === 'yes',
    pageNumber: Math.max(1, Math.floor(pageNumber)),
    orderBy: filters.orderBy || DEFAULT_USER_ORDER,
    pageSize: PAGE_SIZE,
  };
}

/** The order's label in the 'Ordenar por' select ('Nombre ASC' → 'Nombre (ascendente)'). */
export function userOrderLabel(order: string): string {
  const [column = order, direction] = order.split(' ');
  const name = column === 'Pais' ? 'País' : column === 'Email' ? 'Correo electrónico' : column;
  return direction === 'DESC' ? `${name} (descendente)` : `${name} (ascendente)`;
}

// ---------------------------------------------------------------------------------------------
// The user form
// ---------------------------------------------------------------------------------------------

/** What the user form holds (the spec's fields, in its order). */
export interface UserFormValues {
  Email: string;
  FirstName: string;
  LastName: string;
  /** Country code. */
  Country: string | null;
  UserType: Role | null;
  SpecialityId: number | null;
  IsActive: boolean;
}

/** A new user: empty, enabled. */
export const NEW_USER_VALUES: UserFormValues = { Email: '', FirstName: '', LastName: '', Country: null, UserType: null, SpecialityId: null, IsActive: true };

/** The form's values for a stored user. */
export function userFormValuesOf(user: UserWithDetails): UserFormValues {
  const details = user.Details;
  return {
    Email: details.Email,
    FirstName: details.FirstName,
    LastName: details.LastName,
    Country: details.Country || null,
    UserType: details.UserType,
    SpecialityId: details.Speciality.Id,
    IsActive: details.IsActive,
  };
}

/**
 * The `Details` body the form sends (`userCreateSchema` without `userId`, `userUpdateSchema`
 * with it). Null choices are sent as missing, so the schema answers the field's Spanish
 * message; `IsActive` only when the editor may change it (never for oneself).
 */
export function userDetailsBody(values: UserFormValues, options: { userId?: string; withActive: boolean }): Record<string, unknown> {
  return {
    ...(options.userId === undefined ? {} : { UserID: options.userId }),
    Email: values.Email,
    FirstName: values.FirstName,
    LastName: values.LastName,
    Country: values.Country ?? undefined,
    UserType: values.UserType ?? undefined,
    Speciality: { Id: values.SpecialityId ?? undefined },
    ...(options.withActive ? { IsActive: values.IsActive } : {}),
  };
}

/** Which form field shows a body path's message (`Speciality.Id` is the 'Especialidad' select). */
export function userFieldOf(path: readonly PropertyKey[]): string {
  const [first] = path;
  if (first === 'Speciality') return 'SpecialityId';
  return String(first ?? '');
}

// ---------------------------------------------------------------------------------------------
// Laboratory assignment
// ---------------------------------------------------------------------------------------------

/** What the assignment pickers hold. */
export interface AssignmentDraft {
  /** 'Todos los laboratorios': the pickers are hidden. */
  all: boolean;
  /** Country code, or none. */
  country: string | null;
  /** Company id, or none: every laboratory of the country. */
  company: number | null;
  /** With a company: grant the whole company instead of the ticked laboratories. */
  wholeCompany: boolean;
  /** The company's laboratories as ticked on screen. */
  laboratories: readonly Pick<LaboratoryOption, 'Id' | 'Checked'>[];
}

export const EMPTY_ASSIGNMENT: AssignmentDraft = { all: false, country: null, company: null, wholeCompany: false, laboratories: [] };

/** 'Asignar' is enabled only with a country, a company or 'all' chosen (platform spec §5). */
export function canAssign(draft: AssignmentDraft): boolean {
  return draft.all || draft.country !== null || draft.company !== null;
}

/**
 * The `setLaboratoryUser` body of the pickers (`setLaboratoryUserSchema`): every laboratory;
 * a country's; a company's; or the company's laboratories each with `Checked` (an unticked one
 * loses its grant). Null when 'Asignar' is not enabled.
 */
export function assignmentRequest(userId: string, draft: AssignmentDraft): SetLaboratoryUserInput | null {
  if (!canAssign(draft)) return null;
  if (draft.all) return { userId, allLabs: true, country: null, company: null, laboratories: [] };
  const base = { userId, allLabs: false, country: draft.country };
  if (draft.company === null) return { ...base, company: null, laboratories: [] };
  if (draft.wholeCompany) return { ...base, company: draft.company, laboratories: [] };
  return { ...base, company: draft.company, laboratories: draft.laboratories.map(({ Id, Checked }) => ({ Id, Checked })) };
}

/** What 'Asignar' will do, in Spanish, under the pickers. */
export function assignmentSummary(draft: AssignmentDraft, names: { country?: string; company?: string }): string | null {
  if (draft.all) return 'Se asignarán todos los laboratorios.';
  if (draft.country === null) return null;
  const country = names.country ?? draft.country;
  if (draft.company === null) return `Se asignarán todos los laboratorios de ${country}.`;
  const company = names.company ?? 'la compañía';
  if (draft.wholeCompany) return `Se asignarán todos los laboratorios de ${company} (${country}).`;
  const ticked = draft.laboratories.filter((laboratory) => laboratory.Checked).length;
  return `Se asignarán los laboratorios marcados de ${company} (${ticked}) y se quitarán los desmarcados.`;
}

/** Companies shown in the picker: those with a name (platform spec §5), by name. */
export function visibleCompanies<C extends { Name: string }>(companies: readonly C[]): C[] {
  return companies.filter((company) => company.Name.trim() !== '').sort((a, b) => a.Name.localeCompare(b.Name, 'es'));
}
