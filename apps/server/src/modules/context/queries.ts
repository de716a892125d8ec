import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  countries,
  menuItems,
  roleMenuItems,
  roles,
  settings,
  statuses,
  subGroups,
  users,
} from '../../db/schema/index.js';

/** The signed-in user with their role's home URL and their country. */
export async function findSessionUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      homeUrl: roles.homeUrl,
      acceptTerms: users.acceptTerms,
      isActive: users.isActive,
      specialityId: users.specialityId,
      countryCode: countries.code,
      timeZone: countries.timeZone,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The menu items (allowed routes) of a role, in menu order. */
export function menuItemsOfRole(db: DbOrTx, roleId: number) {
  return db
    .select({
      url: menuItems.url,
      nameEs: menuItems.nameEs,
      tooltipEs: menuItems.tooltipEs,
      fontAwesomeIcon: menuItems.fontAwesomeIcon,
      menu: menuItems.menu,
      sortOrder: menuItems.sortOrder,
    })
    .from(roleMenuItems)
    .innerJoin(menuItems, eq(menuItems.id, roleMenuItems.menuItemId))
    .where(eq(roleMenuItems.roleId, roleId))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
}

/** The value of one setting, or null when it is not stored. */
export async function settingValue(db: DbOrTx, name: string): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.name, name));
  return row?.value ?? null;
}

export function allCountries(db: DbOrTx) {
  return db
    .select({ id: countries.id, code: countries.code, name: countries.name, timeZone: countries.timeZone, eliminado: countries.eliminado })
    .from(countries)
    .orderBy(asc(countries.name));
}

export function activeStatuses(db: DbOrTx) {
  return db
    .select({ id: statuses.id, estado: statuses.estado })
    .from(statuses)
    .where(eq(statuses.eliminado, false))
    .orderBy(asc(statuses.id));
}

export function activeSubGroups(db: DbOrTx) {
  return db
    .select({ id: subGroups.id, nombre: subGroups.nombre, grupoId: subGroups.grupoId })
    .from(subGroups)
    .where(eq(subGroups.eliminado, false))
    .orderBy(asc(subGroups.grupoId), asc(subGroups.id));
}
