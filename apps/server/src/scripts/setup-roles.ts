/**
 * `npm run db:setup-roles` (PostgreSQL): sets up the two roles of docs/operations.md.
 * DATABASE_MIGRATION_URL connects as the owner of the tables (it migrates), DATABASE_URL as
 * the application's role. The application role is created when missing (the owner then needs
 * CREATEROLE; otherwise a superuser creates it: CREATE ROLE … LOGIN PASSWORD …), the schema
 * is migrated as the owner, and the application role is granted only what it needs. Safe to
 * run again; the server does the migration and the grants itself at every start.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { openMigratedDatabase, roleOf } from '../db/roles.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl || !config.databaseMigrationUrl) {
    throw new Error(
      'Set DATABASE_URL (application role) and DATABASE_MIGRATION_URL (owner of the tables). / Defina DATABASE_URL (rol de la aplicación) y DATABASE_MIGRATION_URL (dueño de las tablas).',
    );
  }
  const appUrl = new URL(config.databaseUrl);
  const appRole = decodeURIComponent(appUrl.username);
  if (!appRole) throw new Error('DATABASE_URL names no user. / DATABASE_URL no indica el usuario.');

  const owner = await openDatabase({ databaseUrl: config.databaseMigrationUrl });
  try {
    const exists = await owner.db.execute<{ found: boolean }>(sql`select exists (select 1 from pg_roles where rolname = ${appRole}) as found`);
    if (!exists.rows[0]?.found) {
      const password = decodeURIComponent(appUrl.password);
      const literal = password ? ` password '${password.replace(/'/g, "''")}'` : '';
      await owner.db.execute(sql`create role ${sql.identifier(appRole)} login${sql.raw(literal)}`);
      console.log(`Role created / rol creado: ${appRole}`);
    }
  } finally {
    await owner.close();
  }

  const { database, warning } = await openMigratedDatabase({ databaseUrl: config.databaseUrl, migrationUrl: config.databaseMigrationUrl, dataDir: config.dataDir });
  try {
    const role = await roleOf(database.db);
    if (warning) throw new Error(warning);
    if (role.ownsTables || role.superuser) throw new Error(`${role.name} owns the tables or is a superuser. / ${role.name} es dueño de las tablas o superusuario.`);
    console.log(`Migrated as the owner and ${role.name} granted its privileges. / Migrado como dueño; privilegios de ${role.name} otorgados.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
