/**
 * `npm run create-admin -- --email x@example.org --name "Ana Pérez" --country UY`
 * creates the first ADMIN of a production installation. The password comes from
 * ATALAYA_ADMIN_PASSWORD or is asked for (not echoed). Run it with the server stopped when
 * the database is the embedded one.
 */
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { MIN_PASSWORD_LENGTH, MSG, ROLE_IDS } from '@atalaya/domain';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openMigratedDatabase } from '../db/roles.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { countries, users } from '../db/schema/index.js';
import { writeAudit } from '../modules/audit/index.js';
import { seedReferenceData } from '../db/seed/index.js';
import { serverRunningMessage } from './embedded-data-dir.js';

const USAGE = 'Usage / uso: npm run create-admin -- --email <email> --name "<first> <last>" --country <code>';

/** Reads a line without echoing it (the terminal shows nothing while typing). */
async function askHidden(question: string): Promise<string> {
  const rl = createInterface({ input: stdin, output: stdout, terminal: true });
  const write = stdout.write.bind(stdout);
  try {
    const answer = rl.question(question);
    // Silence the echo of what is typed; the prompt itself was already written.
    stdout.write = ((chunk: string | Uint8Array) => (String(chunk).includes('\n') ? write('\n') : true)) as typeof stdout.write;
    return await answer;
  } finally {
    stdout.write = write;
    rl.close();
  }
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ATALAYA_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!stdin.isTTY) throw new Error('Set ATALAYA_ADMIN_PASSWORD. / Defina ATALAYA_ADMIN_PASSWORD.');
  const password = await askHidden('Contraseña / password: ');
  const again = await askHidden('Repita la contraseña / repeat: ');
  if (password !== again) throw new Error('The passwords differ. / Las contraseñas no coinciden.');
  return password;
}

function parseName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  const lastName = rest.join(' ');
  if (!firstName || !lastName) throw new Error(`--name needs a first and a last name. / ${MSG.users.lastNameRequired}\n${USAGE}`);
  return { firstName, lastName };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, country: { type: 'string' } },
  });
  if (!values.email || !values.name || !values.country) throw new Error(USAGE);
  const email = values.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Invalid e-mail. / ${MSG.login.emailFormat}`);
  const { firstName, lastName } = parseName(values.name);
  const countryCode = values.country.trim().toUpperCase();

  const password = await readPassword();
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password needs more than 6 characters. / ${MSG.changePassword.newTooShort}`);
  }

  const config = loadConfig();
  // With DATABASE_MIGRATION_URL: migrated as the owner, the application role granted its privileges.
  const { database, warning } = await openMigratedDatabase({ databaseUrl: config.databaseUrl, migrationUrl: config.databaseMigrationUrl, dataDir: config.dataDir });
  if (warning) console.warn(warning);
  try {
    await seedReferenceData(database.db);
    const [country] = await database.db.select({ id: countries.id }).from(countries).where(eq(countries.code, countryCode));
    if (!country) throw new Error(`Unknown country ${countryCode}. / País desconocido: ${countryCode}.`);
    const passwordHash = await hash(password);
    const created = await database.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, roleId: ROLE_IDS.ADMIN, countryId: country.id, firstName, lastName })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) return null;
      await writeAudit(tx, {
        kind: 'user.created',
        actor: null,
        pkId: user.id,
        description: `Administrador ${email} creado desde la línea de comandos`,
        newValues: { email, firstName, lastName, role: 'ADMIN', country: countryCode },
      });
      return user;
    });
    if (!created) throw new Error(`A user with ${email} already exists. / Ya existe un usuario con ${email}.`);
    console.log(`ADMIN created / ADMIN creado: ${email}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? serverRunningMessage(error.dataDir) : String(error));
  process.exitCode = 1;
});
