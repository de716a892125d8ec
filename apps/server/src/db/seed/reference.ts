import { E2B_REFERENCE_CODE_RULES, E2B_REFERENCE_LISTS, PERMISSIONS, ROLE_IDS, ROLES, SEEDED_METRICS, TIME_OPTIONS } from '@atalaya/domain';
import { and, eq, getTableColumns, inArray, isNull, notInArray } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../client.js';
import {
  codigueras,
  countries,
  groups,
  homeReportStatuses,
  menuItems,
  metrics,
  roleMenuItems,
  roles,
  settings,
  statuses,
  subGroups,
  timeOptions,
  type CodigueraName,
} from '../schema/index.js';
import * as data from './data/index.js';
import type { SeedReferenceRow } from './data/index.js';
import { insertMissing, syncSerial } from './insert-missing.js';
import { MENU_ITEMS, ROLE_HOME_URLS } from './menu-items.js';

function isCodigueraName(name: string): name is CodigueraName {
  return Object.hasOwn(codigueras, name);
}

/** Seed rows of one list: Id = 1-based position, spec column names (Nombre) → properties (nombre). */
function codigueraRows(name: string, table: PgTable, rows: SeedReferenceRow[]): PgInsertValue<PgTable>[] {
  const columns = getTableColumns(table);
  return rows.map((row, index) => {
    const values: Record<string, unknown> = { id: index + 1, value: row.value };
    for (const [field, value] of Object.entries(row.fields)) {
      const property = field.charAt(0).toLowerCase() + field.slice(1);
      if (!(property in columns)) throw new Error(`Reference list ${name} has no column ${field}`);
      values[property] = value;
    }
    return values;
  });
}

async function seedRolesAndMenus(tx: DbOrTx): Promise<void> {
  await insertMissing(
    tx,
    roles,
    ROLES.map((role) => ({ id: ROLE_IDS[role], name: role, homeUrl: ROLE_HOME_URLS[role] })),
  );
  await insertMissing(
    tx,
    menuItems,
    MENU_ITEMS.map(({ permission: _permission, ...item }, index) => ({ ...item, sortOrder: index + 1 })),
  );
  const stored = await tx
    .select({ id: menuItems.id, url: menuItems.url })
    .from(menuItems)
    .where(
      inArray(
        menuItems.url,
        MENU_ITEMS.map((item) => item.url),
      ),
    );
  const idByUrl = new Map(stored.map((row) => [row.url, row.id]));
  await insertMissing(
    tx,
    roleMenuItems,
    MENU_ITEMS.flatMap((item) =>
      PERMISSIONS[item.permission].map((role) => ({ roleId: ROLE_IDS[role], menuItemId: idByUrl.get(item.url) ?? -1 })),
    ),
  );
}

async function seedReferenceLists(tx: DbOrTx): Promise<void> {
  await insertMissing(
    tx,
    groups,
    data.groups.map((group) => ({ id: group.id, value: String(group.id), title: group.title })),
  );
  await insertMissing(
    tx,
    subGroups,
    data.groups.flatMap((group) =>
      group.subGroups.map((sub) => ({ id: sub.id, value: sub.code, nombre: sub.name, grupoId: group.id })),
    ),
  );
  await insertMissing(
    tx,
    statuses,
    data.eventStatuses.map((status) => ({ id: status.id, value: String(status.id), estado: status.name })),
  );
  await insertMissing(tx, homeReportStatuses, data.homeReportStatuses);
  for (const [name, rows] of Object.entries(data.referenceLists)) {
    if (!isCodigueraName(name)) throw new Error(`Unknown reference list ${name}`);
    const table: PgTable = codigueras[name];
    await insertMissing(tx, table, codigueraRows(name, table, rows));
  }
  for (const table of Object.values(codigueras)) await syncSerial(tx, table, table.id);
  await fillSeededE2bCodes(tx);
}

/**
 * The E2B code of each seeded reference value that has none (Parámetros' 'Código E2B', docs/e2b.md):
 * the code lists of packages/domain (E2B_REFERENCE_CODE_RULES[list].seeded). A code an administrator
 * set is kept; a value added in Parámetros never gets one by itself.
 */
async function fillSeededE2bCodes(tx: DbOrTx): Promise<void> {
  for (const list of E2B_REFERENCE_LISTS) {
    const table = codigueras[list];
    for (const [value, code] of Object.entries(E2B_REFERENCE_CODE_RULES[list].seeded)) {
      await tx
        .update(table)
        .set({ e2bCode: code })
        .where(and(eq(table.value, value), isNull(table.e2bCode)));
    }
  }
}

async function seedMetrics(tx: DbOrTx): Promise<void> {
  await insertMissing(
    tx,
    timeOptions,
    TIME_OPTIONS.map((option) => ({ id: option.Id, nombre: option.Nombre, hours: option.hours })),
  );
  await insertMissing(
    tx,
    metrics,
    SEEDED_METRICS.map((metric) => ({
      metricaId: metric.MetricaId,
      nombre: metric.Nombre,
      siglas: metric.Siglas,
      tiempoId: metric.TiempoId,
      activo: metric.Activo,
      fromMilestone: metric.from,
      toMilestone: metric.to,
      serious: metric.serious,
    })),
  );
  await syncSerial(tx, metrics, metrics.metricaId);
}

/**
 * What every installation needs: roles, menus, countries, groups, statuses, every reference
 * list, time options, metrics and settings. Only missing rows are inserted, so it runs at
 * every start without undoing an administrator's changes; settings rows the code no longer
 * defines are deleted.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedRolesAndMenus(tx);
    await insertMissing(tx, countries, data.countries);
    await seedReferenceLists(tx);
    await seedMetrics(tx);
    await insertMissing(
      tx,
      settings,
      data.settings.map(({ group, ...setting }) => ({ ...setting, groupSetting: group })),
    );
    // A setting the code no longer defines governs nothing: it leaves the screen (docs/settings.md).
    await tx.delete(settings).where(
      notInArray(
        settings.name,
        data.settings.map((setting) => setting.name),
      ),
    );
  });
}
