import { z } from 'zod';
import { FIELD_LIMITS } from './field-limits.js';
import { requiredChoice, requiredEmail, requiredText } from './fields.js';
import { MSG } from './messages.js';
import { PAGE_SIZE } from './paging.js';
import { ROLES, type Role } from './roles.js';

/**
 * The user `Details` edited in the admin panel and on 'Mí usuario' (platform spec §3, §5).
 * Fields are checked in the spec's order: Email, FirstName, LastName, Country, UserType,
 * Speciality, and "later messages win": the form's alert shows the last message
 * (`lastErrorMessage`); the server answers the first. 'none' and 'Seleccionar...' count as empty.
 */
const userDetailsShape = {
  Email: requiredEmail(MSG.users.emailRequired, MSG.generic.emailFormat).max(FIELD_LIMITS.email, { error: MSG.generic.maxLength(FIELD_LIMITS.email) }),
  FirstName: requiredText(MSG.users.firstNameRequired).max(FIELD_LIMITS.name, { error: MSG.generic.maxLength(FIELD_LIMITS.name) }),
  LastName: requiredText(MSG.users.lastNameRequired).max(FIELD_LIMITS.name, { error: MSG.generic.maxLength(FIELD_LIMITS.name) }),
  /** Country code (Paises.Codigo), e.g. 'UY'. */
  Country: requiredChoice(MSG.users.countryRequired),
  UserType: z.enum(ROLES, { error: MSG.users.roleRequired }),
  Speciality: z.object(
    { Id: requiredChoice(MSG.users.specialityRequired) },
    { error: MSG.users.specialityRequired },
  ),
  IsActive: z.boolean().optional(),
};

/** Body of `createUserDetails`. */
export const userCreateSchema = z.object(userDetailsShape);
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** Body of `updateUserDetails`: the same plus the user's id. The e-mail cannot change on update. */
export const userUpdateSchema = z.object({
  UserID: z.union([z.string().min(1), z.number().int().positive()]),
  ...userDetailsShape,
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** Default order of the user list (platform spec §3 'User filter'). */
export const DEFAULT_USER_ORDER = 'Nombre ASC';

/** Body of the user-list filter call. Empty and placeholder values mean "any". */
export const userFilterSchema = z.object({
  country: z.string().max(FIELD_LIMITS.label, { error: MSG.generic.maxLength(FIELD_LIMITS.label) }).nullish(),
  name: z.string().max(FIELD_LIMITS.name, { error: MSG.generic.maxLength(FIELD_LIMITS.name) }).nullish(),
  email: z.string().max(FIELD_LIMITS.email, { error: MSG.generic.maxLength(FIELD_LIMITS.email) }).nullish(),
  userType: z.string().max(FIELD_LIMITS.label, { error: MSG.generic.maxLength(FIELD_LIMITS.label) }).nullish(),
  isActive: z.boolean().nullish(),
  pageNumber: z.number().int().min(1).default(1),
  orderBy: z.string().max(FIELD_LIMITS.label, { error: MSG.generic.maxLength(FIELD_LIMITS.label) }).default(DEFAULT_USER_ORDER),
  pageSize: z.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type UserFilterInput = z.input<typeof userFilterSchema>;
export type UserFilter = z.output<typeof userFilterSchema>;

/** The filter with no unknown field (as the event search): a body of anything else is a mistake, not "no filter". */
export const strictUserFilterSchema = z.strictObject(userFilterSchema.shape, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? MSG.users.filterUnknownField : undefined),
});

/** The role field is editable only by QPPV or ADMIN; others see their own role. */
export function canEditUserRole(editorRole: Role): boolean {
  return editorRole === 'QPPV' || editorRole === 'ADMIN';
}

/** The active toggle is shown only when editing someone else. */
export function canToggleUserActive(editorId: string | number, userId: string | number | null | undefined): boolean {
  return userId !== null && userId !== undefined && String(userId) !== String(editorId);
}
