import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, countries, laboratories } from './catalog.js';
import { stamps, timestamptz } from './columns.js';
import { specialities } from './reference-lists.js';

/** The five roles: 1 ADMIN, 2 QPPV, 3 RLF, 4 CL, 5 Fabricante. `homeUrl` is the user's start route. */
export const roles = pgTable('roles', {
  id: smallint().primaryKey(),
  name: text().notNull().unique(),
  homeUrl: text().notNull(),
});

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Always stored lower-case (the check constraint refuses anything else). */
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    roleId: smallint()
      .notNull()
      .references(() => roles.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    firstName: text().notNull(),
    lastName: text().notNull(),
    specialityId: integer().references(() => specialities.id),
    isActive: boolean().notNull().default(true),
    acceptTerms: boolean().notNull().default(false),
    acceptTermsAt: timestamptz(),
    passwordChangedAt: timestamptz(),
    ...stamps(),
  },
  (t) => [
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    index().on(t.roleId),
    index().on(t.countryId),
    index('users_name_idx').on(t.lastName, t.firstName),
  ],
);

/** Menu entries and allowed routes; `menu` is 'NavBar', 'Admin' or null (allowed but not shown). */
export const menuItems = pgTable('menu_items', {
  id: serial().primaryKey(),
  url: text().notNull().unique(),
  nameEs: text().notNull(),
  tooltipEs: text().notNull(),
  fontAwesomeIcon: text().notNull(),
  menu: text(),
  sortOrder: integer().notNull(),
});

export const roleMenuItems = pgTable(
  'role_menu_items',
  {
    roleId: smallint()
      .notNull()
      .references(() => roles.id),
    menuItemId: integer()
      .notNull()
      .references(() => menuItems.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuItemId] })],
);

/**
 * A user's laboratory assignment (docs/roles.md 'Laboratory assignment'): each row is one
 * grant of four kinds, by which ids are set (the check constraint refuses any other mix):
 * - all null: every laboratory;
 * - `countryId` only: every laboratory of that country;
 * - `companyId` and its `countryId`: every laboratory of that company;
 * - `laboratoryId` with its `companyId` and `countryId`: that laboratory.
 * The composite foreign keys keep a laboratory's company and country, and a company's
 * country, those of the catalogue. One row per user and target.
 */
export const userLaboratories = pgTable(
  'user_laboratories',
  {
    id: serial().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    laboratoryId: integer().references(() => laboratories.id),
    companyId: integer().references(() => companies.id),
    countryId: integer().references(() => countries.id),
  },
  (t) => [
    unique('user_laboratories_user_target_unique').on(t.userId, t.laboratoryId, t.companyId, t.countryId).nullsNotDistinct(),
    check(
      'user_laboratories_kind',
      sql`(${t.laboratoryId} is null or ${t.companyId} is not null) and (${t.companyId} is null or ${t.countryId} is not null)`,
    ),
    foreignKey({
      name: 'user_laboratories_laboratory_of_company_fk',
      columns: [t.laboratoryId, t.companyId, t.countryId],
      foreignColumns: [laboratories.id, laboratories.companyId, laboratories.countryId],
    }),
    foreignKey({
      name: 'user_laboratories_company_of_country_fk',
      columns: [t.companyId, t.countryId],
      foreignColumns: [companies.id, companies.countryId],
    }),
    index().on(t.laboratoryId),
    index().on(t.companyId),
  ],
);

/** Rotating refresh tokens; a family is every token descended from one login. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique('refresh_tokens_token_hash_unique'),
    createdAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    replacedById: uuid(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index().on(t.familyId), index().on(t.userId)],
);

/** Spent ALTCHA solutions, kept until they expire so each is accepted once. */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    signature: text().primaryKey(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull().unique('password_reset_tokens_token_hash_unique'),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    email: text().notNull(),
    ip: text().notNull(),
    succeeded: boolean().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index().on(t.email, t.createdAt), index().on(t.ip, t.createdAt)],
);
