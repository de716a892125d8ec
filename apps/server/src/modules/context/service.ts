import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { unauthorized } from '../../http/errors.js';
import { roleOfId } from '../auth/index.js';
import { myUser } from '../users/index.js';
import {
  activeStatuses,
  activeSubGroups,
  allCountries,
  findSessionUser,
  menuItemsOfRole,
  settingValue,
} from './queries.js';
import type { AppContext as ContextResponse, UserWithDetails } from '@atalaya/domain';
import { personName } from '../../shared/person-name.js';

/** The setting that holds the session timeout, and its value when the setting is missing or invalid. */
const SESSION_TIMEOUT_SETTING = 'users.sessionTimeoutMinutes';
const DEFAULT_SESSION_TIMEOUT_MINUTES = 30;

async function sessionTimeout(db: Db, override: number | undefined): Promise<number> {
  if (override !== undefined) return override;
  const minutes = Number.parseInt((await settingValue(db, SESSION_TIMEOUT_SETTING)) ?? '', 10);
  return Number.isInteger(minutes) && minutes > 0 ? minutes : DEFAULT_SESSION_TIMEOUT_MINUTES;
}

async function activeSessionUser(db: Db, user: AuthUser) {
  const row = await findSessionUser(db, user.id);
  // A user disabled after signing in loses access at the next context load.
  if (!row?.isActive) throw unauthorized();
  return row;
}

/** `GET /api/getContext`: the session user with menu, the session timeout and the reference data the shell needs. */
export async function getContext(
  db: Db,
  config: Pick<Config, 'sessionTimeoutMinutes'>,
  user: AuthUser,
): Promise<ContextResponse> {
  const row = await activeSessionUser(db, user);
  const [menu, timeout, countries, statuses, subGroups] = await Promise.all([
    menuItemsOfRole(db, row.roleId),
    sessionTimeout(db, config.sessionTimeoutMinutes),
    allCountries(db),
    activeStatuses(db),
    activeSubGroups(db),
  ]);
  return {
    User: {
      Id: row.id,
      Rol: roleOfId(row.roleId),
      Url: row.homeUrl,
      MenuItems: menu.map((item) => ({
        URL: item.url,
        NameES: item.nameEs,
        TooltipES: item.tooltipEs,
        FontAwesomeIcon: item.fontAwesomeIcon,
        Menu: item.menu,
        Order: item.sortOrder,
      })),
      AcceptTerms: row.acceptTerms,
      Country: row.countryCode,
      Email: row.email,
      Name: personName(row),
      TimeZone: row.timeZone,
    },
    SessionTimeout: timeout,
    Paises: countries.map((c) => ({ Id: c.id, Codigo: c.code, Nombre: c.name, TimeZone: c.timeZone, Eliminado: c.eliminado })),
    Status: statuses.map((s) => ({ Id: s.id, Estado: s.estado })),
    SubGrupos: subGroups.map((s) => ({ Id: s.id, Nombre: s.nombre, GrupoId: s.grupoId })),
  };
}

/** `GET /api/getMyUser`: the signed-in user with details and laboratory grants. */
export async function getMyUser(db: Db, user: AuthUser): Promise<UserWithDetails> {
  await activeSessionUser(db, user);
  const found = await myUser(db, user.id);
  if (!found) throw unauthorized();
  return found;
}
