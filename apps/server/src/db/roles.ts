import { sql } from 'drizzle-orm';
import { APPEND_ONLY_TABLES } from './append-only.js';
import { migrate, openDatabase, type Database, type Db } from './client.js';

/**
 * The two PostgreSQL roles (docs/adr/0006-tamper-evident-record.md, docs/operations.md):
 * the owner of the tables runs the migrations (DATABASE_MIGRATION_URL); the application
 * runs as a role that owns nothing (DATABASE_URL), so it can neither alter a table nor
 * disable a trigger, and is granted only what it needs: SELECT, INSERT, UPDATE and DELETE on
 * the tables, SELECT and INSERT alone on the history tables, SELECT on the audit chain head
 * (the audit trigger writes it), and the sequences (no setval on the history tables' ones).
 */
export async function grantAppRole(owner: Db, role: string): Promise<void> {
  const app = sql.identifier(role);
  const history = sql.join(
    APPEND_ONLY_TABLES.map((table) => sql.identifier(table)),
    sql`, `,
  );
  await owner.transaction(async (tx) => {
    await tx.execute(sql`grant usage on schema public to ${app}`);
    await tx.execute(sql`revoke all on all tables in schema public from ${app}`);
    await tx.execute(sql`grant select, insert, update, delete on all tables in schema public to ${app}`);
    await tx.execute(sql`revoke update, delete on ${history} from ${app}`);
    await tx.execute(sql`revoke insert, update, delete on audit_chain_head from ${app}`);
    // UPDATE on a sequence is setval: the reference data's seed realigns its sequences.
    await tx.execute(sql`grant usage, select, update on all sequences in schema public to ${app}`);
    for (const table of APPEND_ONLY_TABLES) {
      const found = await tx.execute<{ name: string | null }>(sql`select pg_get_serial_sequence(${table}, 'id') as name`);
      const sequence = found.rows[0]?.name;
      if (sequence) await tx.execute(sql`revoke update on sequence ${sql.raw(sequence)} from ${app}`);
    }
  });
}

/** The role a connection runs as, whether it is a superuser, and whether it owns the audit table. */
export async function roleOf(db: Db): Promise<{ name: string; superuser: boolean; ownsTables: boolean }> {
  const result = await db.execute<{ name: string; superuser: boolean; owns: boolean }>(sql`
    select current_user as name,
           (select rolsuper from pg_roles where rolname = current_user) as superuser,
           coalesce((select pg_has_role(current_user, tableowner, 'USAGE') from pg_tables where schemaname = 'public' and tablename = 'audit_log'), false) as owns`);
  const row = result.rows[0];
  if (!row) throw new Error('current_user answered nothing');
  return { name: row.name, superuser: row.superuser, ownsTables: row.owns };
}

export interface OpenMigratedOptions {
  /** The application's connection (PostgreSQL); absent: the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /** The owner's connection, for the migrations; absent: the migrations run on `databaseUrl`. */
  migrationUrl: string | undefined;
  dataDir: string;
}

/**
 * Opens the application's database brought up to date. With a migration URL the migrations
 * run as the owner on a connection of their own (closed after), and the application's role
 * is granted its privileges again, so tables a new version adds are covered; then the
 * application's connection is opened. Without it, as before: one connection migrates and
 * serves (PGlite, or a PostgreSQL role that owns the tables).
 */
export async function openMigratedDatabase(options: OpenMigratedOptions): Promise<{ database: Database; warning: string | null }> {
  if (!options.databaseUrl) {
    const database = await openDatabase({ dataDir: options.dataDir });
    await migrate(database);
    return { database, warning: null };
  }
  const database = await openDatabase({ databaseUrl: options.databaseUrl });
  try {
    if (!options.migrationUrl) {
      await migrate(database);
      const role = await roleOf(database.db);
      const warning =
        role.superuser || role.ownsTables
          ? `La aplicación se conecta a PostgreSQL como ${role.name}, que es dueño de las tablas o superusuario: podría desactivar los disparadores del registro. Use DATABASE_MIGRATION_URL para el dueño y un rol de aplicación en DATABASE_URL (docs/operations.md).`
          : null;
      return { database, warning };
    }
    const app = await roleOf(database.db);
    const owner = await openDatabase({ databaseUrl: options.migrationUrl });
    try {
      await migrate(owner);
      const ownerRole = await roleOf(owner.db);
      if (ownerRole.name === app.name) {
        return { database, warning: `DATABASE_URL y DATABASE_MIGRATION_URL usan el mismo rol (${app.name}): la aplicación es dueña de las tablas.` };
      }
      await grantAppRole(owner.db, app.name);
    } finally {
      await owner.close();
    }
    const warning = app.superuser ? `El rol de la aplicación (${app.name}) es superusuario: podría desactivar los disparadores del registro.` : null;
    return { database, warning };
  } catch (error) {
    await database.close();
    throw error;
  }
}
