import { z } from 'zod';
import { ROLES } from '../roles.js';
import { pagedResultSchema } from '../work-lists.js';
import { userLaboratorySchema } from './context.js';

/*
 * The users administration ('Administrador de usuarios', /adminusers) and 'Mí usuario'
 * (platform spec §2, §3 'User', 'User filter', 'Laboratory, company, country', §5, §7
 * 'Users and laboratories'). Request bodies: `userCreateSchema`, `userUpdateSchema`,
 * `userFilterSchema` (users.ts) and `setLaboratoryUserSchema` below. The user itself
 * (`getUserDetails/{id}`, `getMyUser`) is `userWithDetailsSchema` (context.ts).
 *
 * Calls:
 * - GET  /api/getUserDetails/:id                 → userWithDetailsSchema
 * - POST /api/getUsersByFilters  (userFilterSchema) → userListResultSchema
 * - GET  /api/getUserFilters                     → userFiltersSchema
 * - POST /api/createUserDetails  (userCreateSchema) → userSavedSchema (a set-password link is mailed)
 * - POST /api/updateUserDetails  (userUpdateSchema) → userSavedSchema
 * - GET  /api/getCompaniesByCountry/:country     → companyOption[] (country code, 'UY')
 * - GET  /api/getLaboratoriesByCompany/:companyId/:userId → laboratoryOption[] (Checked for that user)
 * - POST /api/setLaboratoryUser  (setLaboratoryUserSchema) → userLaboratoriesSchema
 * - POST /api/deleteLaboratoryUser (deleteLaboratoryUserSchema) → userLaboratoriesSchema
 */

/** A row of the user list. */
export const userListRowSchema = z.object({
  UserID: z.string(),
  /** 'Apellido, Nombre' as the list shows it ('Nombre ASC' orders by it). */
  Name: z.string(),
  Email: z.string(),
  Rol: z.enum(ROLES),
  /** Country code and name. */
  Country: z.string(),
  CountryName: z.string(),
  IsActive: z.boolean(),
});
export type UserListRow = z.infer<typeof userListRowSchema>;

/** `getUsersByFilters`: one page of users. */
export const userListResultSchema = pagedResultSchema(userListRowSchema);
export type UserListResult = z.infer<typeof userListResultSchema>;

/** The user-list orders the server accepts (`orderBy`), default 'Nombre ASC'. */
export const USER_ORDERS = ['Nombre ASC', 'Nombre DESC', 'Email ASC', 'Email DESC', 'Pais ASC', 'Pais DESC', 'Rol ASC', 'Rol DESC'] as const;

/** `getUserFilters`: the choices of the filter panel and of the user form. */
export const userFiltersSchema = z.object({
  Paises: z.array(z.object({ Id: z.number().int(), Codigo: z.string(), Nombre: z.string() })),
  /** The roles the caller may give (a QPPV is not offered ADMIN). */
  Roles: z.array(z.object({ Id: z.number().int(), Name: z.enum(ROLES) })),
  Especialidades: z.array(z.object({ Id: z.number().int(), Description: z.string() })),
});
export type UserFilters = z.infer<typeof userFiltersSchema>;

/** `createUserDetails` / `updateUserDetails`: the saved user's id. */
export const userSavedSchema = z.object({ UserID: z.string() });
export type UserSaved = z.infer<typeof userSavedSchema>;

/** A company of a country (`getCompaniesByCountry`). Blank names are the web's to hide. */
export const companyOptionSchema = z.object({ Id: z.number().int(), Name: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

/** A laboratory of a company, `Checked` when the user holds a grant of exactly that laboratory. */
export const laboratoryOptionSchema = z.object({ Id: z.number().int(), Name: z.string(), Checked: z.boolean() });
export type LaboratoryOption = z.infer<typeof laboratoryOptionSchema>;

/**
 * Body of `setLaboratoryUser`: what the 'Asignar' button sends.
 * - `allLabs: true`: grant every laboratory (the other grants become redundant and are removed).
 * - else `country` (code) is required, and then:
 *   - no `company` (the spec's body) with `laboratories` empty: grant every laboratory of the country;
 *   - no `company` with `laboratories`: each `Checked` laboratory is granted, each unchecked one's
 *     grant is removed (every Id must be a laboratory of that country); never a country grant;
 *   - `company` (of that country) with `laboratories` empty: grant every laboratory of the company;
 *   - `company` with `laboratories`: each `Checked` laboratory is granted, each unchecked one's
 *     grant is removed (every Id must be a laboratory of that company).
 */
export const setLaboratoryUserSchema = z.object({
  userId: z.string(),
  allLabs: z.boolean().default(false),
  country: z.string().nullish(),
  company: z.number().int().nullish(),
  laboratories: z.array(z.object({ Id: z.number().int(), Checked: z.boolean() })).default([]),
});
export type SetLaboratoryUserInput = z.input<typeof setLaboratoryUserSchema>;

/** Body of `deleteLaboratoryUser`: removes one grant (`UserLaboratory.Id`). */
export const deleteLaboratoryUserSchema = z.object({ userId: z.string(), grantId: z.number().int() });
export type DeleteLaboratoryUserInput = z.input<typeof deleteLaboratoryUserSchema>;

/** The user's laboratory assignment after a change. */
export const userLaboratoriesSchema = z.array(userLaboratorySchema);
