import { ROLE_IDS } from '@atalaya/domain';
import { hash } from '@node-rs/argon2';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { countries, laboratories, specialities, userLaboratories, users } from '../schema/index.js';
import * as data from './data/index.js';
import { idOf, idsByCode, insertMissing } from './insert-missing.js';

/** The password of every demo user (docs and the login screen's demo hint say so). */
export const DEMO_PASSWORD = 'Demo.2026';

/** One user per role with their laboratories; users already there are left as they are. */
export async function seedDemoUsers(db: DbOrTx): Promise<void> {
  const emails = data.demoUsers.map((user) => user.email.toLowerCase());
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => row.email),
  );
  const missing = data.demoUsers.filter((user) => !existing.has(user.email.toLowerCase()));
  if (missing.length > 0) {
    const countryIds = idsByCode(await db.select({ id: countries.id, code: countries.code }).from(countries));
    const specialityIds = idsByCode(await db.select({ id: specialities.id, code: specialities.value }).from(specialities));
    // argon2id with the library's defaults, as the auth module hashes passwords.
    const passwordHash = await hash(DEMO_PASSWORD);
    const now = new Date();
    await insertMissing(
      db,
      users,
      missing.map((user) => ({
        email: user.email.toLowerCase(),
        passwordHash,
        roleId: ROLE_IDS[user.role],
        countryId: idOf(countryIds, user.countryCode, 'country'),
        firstName: user.firstName,
        lastName: user.lastName,
        specialityId: idOf(specialityIds, user.specialityValue, 'Especialidad'),
        acceptTerms: user.acceptTerms,
        acceptTermsAt: user.acceptTerms ? now : null,
      })),
    );
  }

  const userIds = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).map(
      (row) => [row.email, row.id],
    ),
  );
  const labs = await db
    .select({ id: laboratories.id, code: laboratories.code, companyId: laboratories.companyId, countryId: laboratories.countryId })
    .from(laboratories);
  const labByCode = new Map(labs.map((lab) => [lab.code, lab]));
  await insertMissing(
    db,
    userLaboratories,
    data.demoUsers.flatMap((user): (typeof userLaboratories.$inferInsert)[] => {
      const userId = userIds.get(user.email.toLowerCase());
      if (!userId) throw new Error(`Demo user ${user.email} was not stored`);
      if (user.laboratories === 'all') return [{ userId, laboratoryId: null, companyId: null, countryId: null }];
      return user.laboratories.map((code) => {
        const lab = labByCode.get(code);
        if (!lab) throw new Error(`Seed data refers to unknown laboratory '${code}'`);
        return { userId, laboratoryId: lab.id, companyId: lab.companyId, countryId: lab.countryId };
      });
    }),
  );
}
