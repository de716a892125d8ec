import { z } from 'zod';
import { ROLES } from '../roles.js';

/** A menu entry of `getContext` (docs/api.md, docs/roles.md). */
export const menuItemSchema = z.object({
  URL: z.string(),
  NameES: z.string(),
  TooltipES: z.string(),
  FontAwesomeIcon: z.string(),
  /** 'NavBar', 'Admin', or null: allowed but not shown in a menu. */
  Menu: z.string().nullable(),
  Order: z.number().int(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** The stored user session of the browser (platform spec §3) plus the user's time zone. */
export const sessionUserSchema = z.object({
  Id: z.string(),
  Rol: z.enum(ROLES),
  /** Home route of the role. */
  Url: z.string(),
  MenuItems: z.array(menuItemSchema),
  AcceptTerms: z.boolean(),
  Country: z.string(),
  Email: z.string(),
  Name: z.string(),
  TimeZone: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A country of `getContext`, with its disabled flag. */
export const contextCountrySchema = z.object({
  Id: z.number().int(),
  Codigo: z.string(),
  Nombre: z.string(),
  TimeZone: z.string(),
  Eliminado: z.boolean(),
});
export type ContextCountry = z.infer<typeof contextCountrySchema>;

/** `GET /api/getContext`: the session user with menu, the session timeout and the reference data the shell needs. */
export const contextSchema = z.object({
  User: sessionUserSchema,
  /** Minutes of inactivity before the session locks; may be fractional. */
  SessionTimeout: z.number().positive(),
  Paises: z.array(contextCountrySchema),
  Status: z.array(z.object({ Id: z.number().int(), Estado: z.string() })),
  SubGrupos: z.array(z.object({ Id: z.number().int(), Nombre: z.string(), GrupoId: z.number().int() })),
});
export type AppContext = z.infer<typeof contextSchema>;

/** The user `Details` as the server answers them (`getMyUser`, `getUserDetails`). */
export const userDetailsSchema = z.object({
  UserID: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  /** Country code ('UY'). */
  Country: z.string(),
  /** The role ('QPPV'). */
  UserType: z.enum(ROLES),
  Speciality: z.object({ Id: z.number().int().nullable() }),
  IsActive: z.boolean(),
});

/**
 * One grant of a user's laboratory assignment (docs/roles.md 'Laboratory assignment'). Exactly
 * one of four kinds, by which ids are set:
 * - all null: every laboratory (the spec's "CountryId null means all labs");
 * - CountryId only: every laboratory of that country;
 * - CompanyId (and its CountryId): every laboratory of that company
 *   (workflow.md's "CountryId null = all the laboratories of the company" reads as this);
 * - LaboratoryId (with its CompanyId and CountryId): that laboratory.
 */
export const userLaboratorySchema = z.object({
  /** The grant's id (to remove it with `deleteLaboratoryUser`). */
  Id: z.number().int(),
  LaboratoryId: z.number().int().nullable(),
  CompanyId: z.number().int().nullable(),
  CountryId: z.number().int().nullable(),
  /** What it covers, in Spanish: 'Todos los laboratorios', 'Todos los laboratorios de Uruguay',
   * 'Todos los laboratorios de {compañía} (Uruguay)', '{laboratorio} ({compañía}, Uruguay)'. */
  Description: z.string(),
});
export type UserLaboratory = z.infer<typeof userLaboratorySchema>;

/** `GET /api/getMyUser`: a user with details and laboratories (platform spec §3 'User'). */
export const userWithDetailsSchema = z.object({
  UserID: z.string(),
  Id: z.string(),
  Name: z.string(),
  Email: z.string(),
  Rol: z.enum(ROLES),
  Country: z.string(),
  Details: userDetailsSchema,
  Laboratories: z.array(userLaboratorySchema),
});
export type UserWithDetails = z.infer<typeof userWithDetailsSchema>;
