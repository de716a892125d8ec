import { randomUUID } from 'node:crypto';
import { MASKED_SECRET, MSG, type Setting } from '@atalaya/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, loginAttempts, mailOutbox, passwordResetTokens, settings } from '../../db/schema/index.js';
import { createTestAppOn, type TestApp } from '../../test-support/app.js';
import { parallelLogins, wrongPassword } from '../../test-support/brute-force.js';
import { bearer, createUser, login, randomIp, solveCaptcha, type TestUser } from '../../test-support/factories.js';
import { connected, disconnectOpenedClients } from '../../test-support/hub-client.js';
import { privateTestDatabase } from '../../test-support/private-db.js';
import { closedPort, startSmtpCapture } from '../../test-support/smtp-server.js';
import { onConfigurationChanged } from '../../shared/configuration-events.js';
import { startMailSender } from '../mail/index.js';

// These tests change what the whole application reads (sign-in limits, SMTP): on PostgreSQL
// they run on a database of their own (privateTestDatabase), and each restores what it set.

let t: TestApp;
let drop: () => Promise<void>;
let admin: TestUser;
let adminToken: string;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  const own = await privateTestDatabase();
  drop = own.drop;
  t = await createTestAppOn(own.database);
  // A route that fails, for the error notices (Notificaciones_Error).
  t.app.route({
    method: 'GET',
    url: '/api/pruebaErrorInesperado',
    config: { roles: 'public' },
    schema: { response: { 200: z.object({}) } },
    handler: () => {
      throw new Error('falla de prueba');
    },
  });
  admin = await createUser(t.database.db, { role: 'ADMIN' });
  adminToken = (await login(t.app, admin)).accessToken;
}, 120_000);

afterAll(async () => {
  await t.app.close();
  await drop();
});

afterEach(() => disconnectOpenedClients());

const DEFAULTS: Record<string, string> = {
  'smtp.host': '',
  'smtp.port': '587',
  'smtp.secure': 'false',
  'smtp.user': '',
  'smtp.password': '',
  'smtp.fromAddress': 'no-responder@demo.atalaya',
  'smtp.fromName': 'Atalaya Farmacovigilancia',
  'users.maxFailedLogins': '5',
  'users.lockMinutes': '15',
  'users.resetLinkValidityMinutes': '60',
  'users.sessionTimeoutMinutes': '30',
  'web.publicUrl': '',
  'errors.enabled': 'false',
  'errors.recipients': 'soporte@demo.atalaya',
};

/** Puts back the seeded values (straight in the table: no audit, no announcement). */
afterEach(async () => {
  for (const [name, value] of Object.entries(DEFAULTS)) await t.database.db.update(settings).set({ value }).where(eq(settings.name, name));
});

function getAll(token = adminToken) {
  return t.app.inject({ method: 'GET', url: '/api/settingGetAll', headers: bearer(token) });
}

function update(values: { Name_setting: string; Value_setting: string; Clear?: boolean }[], token = adminToken) {
  return t.app.inject({ method: 'POST', url: '/api/settingUpdate', headers: bearer(token), payload: { values } });
}

function testMail(payload: { To?: string } = {}, token = adminToken) {
  return t.app.inject({ method: 'POST', url: '/api/settingTestMail', headers: bearer(token), payload });
}

async function stored(name: string): Promise<string | undefined> {
  const [row] = await t.database.db.select({ value: settings.value }).from(settings).where(eq(settings.name, name));
  return row?.value;
}

async function auditRowsOf(userId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.instance, 'Configuracion')))
    .orderBy(desc(auditLog.id));
}

async function newAdmin(): Promise<{ user: TestUser; token: string }> {
  const user = await createUser(t.database.db, { role: 'ADMIN' });
  return { user, token: (await login(t.app, user)).accessToken };
}

describe('settingGetAll', () => {
  it('answers every setting the code defines, by group in screen order, the error group read-only and the SMTP password write-only', async () => {
    const response = await getAll();
    expect(response.statusCode).toBe(200);
    const list = response.json<Setting[]>();
    expect(list.map((s) => s.Name_setting)).toEqual([
      'smtp.host',
      'smtp.port',
      'smtp.secure',
      'smtp.user',
      'smtp.password',
      'smtp.fromAddress',
      'smtp.fromName',
      'users.sessionTimeoutMinutes',
      'users.maxFailedLogins',
      'users.lockMinutes',
      'users.resetLinkValidityMinutes',
      'cases.duplicateThreshold',
      'web.publicUrl',
      'e2b.senderId',
      'e2b.senderOrganisation',
      'e2b.meddraFallbackVersion',
      'e2b.senderType',
      'e2b.senderDepartment',
      'e2b.senderTitle',
      'e2b.senderGivenName',
      'e2b.senderFamilyName',
      'e2b.senderStreet',
      'e2b.senderCity',
      'e2b.senderState',
      'e2b.senderPostcode',
      'e2b.senderCountry',
      'e2b.senderTelephone',
      'e2b.senderFax',
      'e2b.senderEmail',
      'errors.recipients',
      'errors.enabled',
    ]);
    expect(list.find((s) => s.Name_setting === 'smtp.port')).toEqual({
      Name_setting: 'smtp.port',
      Description_setting: 'Puerto del servidor SMTP',
      Value_setting: '587',
      Type_value: 'number',
      Group_setting: 'SMTP',
      Read_only: false,
      Write_only: false,
      Has_value: true,
    });
    expect(list.filter((s) => s.Read_only).map((s) => s.Name_setting)).toEqual(['errors.recipients', 'errors.enabled']);
    expect(list.find((s) => s.Name_setting === 'smtp.password')).toMatchObject({ Value_setting: '', Write_only: true, Has_value: false });
  });

  it('is refused to every role but ADMIN (403) and without a session (401), with a Spanish message', async () => {
    for (const role of ['QPPV', 'RLF', 'CL', 'Fabricante'] as const) {
      const user = await createUser(t.database.db, { role, laboratories: [{}] });
      const token = (await login(t.app, user)).accessToken;
      for (const response of [await getAll(token), await update([{ Name_setting: 'smtp.port', Value_setting: '25' }], token), await testMail({}, token)]) {
        expect(response.statusCode, role).toBe(403);
        expect(typeof response.json<{ Message: string }>().Message).toBe('string');
      }
    }
    expect(await stored('smtp.port')).toBe('587');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/settingGetAll' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('settingUpdate', () => {
  it('stores the values, answers the changed names ([] when nothing changed), audits each change and announces it once on the hub', async () => {
    const { user, token } = await newAdmin();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const listener = await connected(t.app, adminToken);
    const announced: string[] = [];
    const off = onConfigurationChanged(t.configurationEvents, (change) => announced.push(change.what));
    try {
      const response = await update(
        [
          { Name_setting: 'smtp.port', Value_setting: '2525' },
          { Name_setting: 'smtp.fromName', Value_setting: DEFAULTS['smtp.fromName'] ?? '' },
          { Name_setting: 'users.lockMinutes', Value_setting: '20' },
        ],
        token,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(['smtp.port', 'users.lockMinutes']);
      expect(await stored('smtp.port')).toBe('2525');
      expect(await stored('users.lockMinutes')).toBe('20');
      const list = (await getAll()).json<Setting[]>();
      expect(list.find((s) => s.Name_setting === 'smtp.port')?.Value_setting).toBe('2525');

      const rows = await auditRowsOf(user.id);
      expect(rows).toHaveLength(2);
      expect(rows.map((row) => [row.kind, row.operationType, row.pkId, row.oldValues, row.newValues])).toEqual(
        expect.arrayContaining([
          ['settings.changed', 'U', 'smtp.port', { Name_setting: 'smtp.port', Value_setting: '587' }, { Name_setting: 'smtp.port', Value_setting: '2525' }],
          ['settings.changed', 'U', 'users.lockMinutes', { Name_setting: 'users.lockMinutes', Value_setting: '15' }, { Name_setting: 'users.lockMinutes', Value_setting: '20' }],
        ]),
      );
      expect(announced).toEqual(['settings']);
      await expect.poll(() => listener.configurationChanged.map((message) => message.what)).toContain('settings');

      const again = await update([{ Name_setting: 'smtp.port', Value_setting: '2525' }], token);
      expect(again.json()).toEqual([]);
      expect(await update([], token).then((r) => r.json())).toEqual([]);
      expect(await auditRowsOf(user.id)).toHaveLength(2);
      expect(announced).toEqual(['settings']);
    } finally {
      off();
    }
  });

  it('refuses each invalid value with its Spanish message (400)', async () => {
    const m = MSG.settings;
    const cases: [string, string, string][] = [
      ['smtp.port', '0', m.notInteger('smtp.port', 1, 65_535)],
      ['smtp.port', '65536', m.notInteger('smtp.port', 1, 65_535)],
      ['smtp.port', 'veinticinco', m.notInteger('smtp.port', 1, 65_535)],
      ['smtp.port', '25.0', m.notInteger('smtp.port', 1, 65_535)],
      ['users.maxFailedLogins', '0', m.notInteger('users.maxFailedLogins', 1, 100)],
      ['users.lockMinutes', '1441', m.notInteger('users.lockMinutes', 1, 1440)],
      ['users.resetLinkValidityMinutes', '-5', m.notInteger('users.resetLinkValidityMinutes', 5, 10_080)],
      ['users.sessionTimeoutMinutes', '99999999999999999999', m.notInteger('users.sessionTimeoutMinutes', 1, 1440)],
      ['smtp.secure', 'sí', m.notBoolean('smtp.secure')],
      ['smtp.fromAddress', 'no-es-un-correo', m.notEmail('smtp.fromAddress')],
      ['smtp.fromAddress', '', m.required('smtp.fromAddress')],
      ['smtp.host', 'smtp servidor', m.notHost('smtp.host')],
      ['smtp.fromName', 'x'.repeat(101), m.tooLong('smtp.fromName', 100)],
      ['smtp.fromName', ' Atalaya', m.surroundingBlanks('smtp.fromName')],
      ['smtp.user', 'usuario\u0007', m.invalidCharacters('smtp.user')],
      ['smtp.password', 'x'.repeat(257), m.tooLong('smtp.password', 256)],
      ['web.publicUrl', 'ftp://atalaya.example', m.notUrl('web.publicUrl')],
      ['no.existe', 'x', m.unknown('no.existe')],
    ];
    for (const [name, value, message] of cases) {
      const response = await update([{ Name_setting: name, Value_setting: value }]);
      expect(response.statusCode, `${name}=${value}`).toBe(400);
      expect(response.json(), `${name}=${value}`).toMatchObject({ Message: message });
    }
    const nul = await update([{ Name_setting: 'smtp.fromName', Value_setting: 'a\u0000b' }]);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ Message: MSG.generic.invalidCharacters });
    const huge = await update([{ Name_setting: 'smtp.fromName', Value_setting: 'x'.repeat(10_000) }]);
    expect(huge.statusCode).toBe(400);
    const twice = await update([
      { Name_setting: 'smtp.port', Value_setting: '25' },
      { Name_setting: 'smtp.port', Value_setting: '26' },
    ]);
    expect(twice.json()).toMatchObject({ Message: m.duplicated('smtp.port') });
    const clear = await update([{ Name_setting: 'smtp.port', Value_setting: '', Clear: true }]);
    expect(clear.json()).toMatchObject({ Message: m.clearNotAllowed('smtp.port') });
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/settingUpdate', headers: bearer(adminToken), payload: { values: [{ Name_setting: 'smtp.port', Value_setting: 25 }] } });
    expect(wrongType.statusCode).toBe(400);
    const extra = await t.app.inject({ method: 'POST', url: '/api/settingUpdate', headers: bearer(adminToken), payload: { values: [], Otro: 1 } });
    expect(extra.json()).toMatchObject({ Message: MSG.settings.unknownField });
    expect(await stored('smtp.port')).toBe('587');
  });

  it('refuses a change to the read-only Notificaciones_Error group, and writes nothing of a refused update', async () => {
    const { user, token } = await newAdmin();
    const readOnly = await update(
      [
        { Name_setting: 'smtp.port', Value_setting: '2526' },
        { Name_setting: 'errors.enabled', Value_setting: 'true' },
      ],
      token,
    );
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.json()).toMatchObject({ Message: MSG.settings.readOnly('errors.enabled') });
    const invalidLast = await update(
      [
        { Name_setting: 'users.lockMinutes', Value_setting: '25' },
        { Name_setting: 'smtp.port', Value_setting: '70000' },
      ],
      token,
    );
    expect(invalidLast.statusCode).toBe(400);
    expect(await stored('smtp.port')).toBe('587');
    expect(await stored('users.lockMinutes')).toBe('15');
    expect(await stored('errors.enabled')).toBe('false');
    expect(await auditRowsOf(user.id)).toEqual([]);
    // The same value of a read-only setting is no change and passes.
    expect((await update([{ Name_setting: 'errors.enabled', Value_setting: 'false' }], token)).json()).toEqual([]);
  });

  it('keeps the SMTP password write-only: encrypted at rest, never answered, masked in the audit; blank keeps it, Clear empties it', async () => {
    const { user, token } = await newAdmin();
    const password = `Secreto-${randomUUID()}`;
    const set = await update([{ Name_setting: 'smtp.password', Value_setting: password }], token);
    expect(set.json()).toEqual(['smtp.password']);
    expect(set.body).not.toContain(password);
    const atRest = (await stored('smtp.password')) ?? '';
    expect(atRest).toMatch(/^enc:v1:/);
    expect(atRest).not.toContain(password);
    expect(atRest).not.toContain(Buffer.from(password).toString('base64'));

    const list = await getAll();
    expect(list.body).not.toContain(password);
    expect(list.json<Setting[]>().find((s) => s.Name_setting === 'smtp.password')).toMatchObject({ Value_setting: '', Has_value: true });

    // Blank keeps it; the same password again is no change.
    expect((await update([{ Name_setting: 'smtp.password', Value_setting: '' }], token)).json()).toEqual([]);
    expect((await update([{ Name_setting: 'smtp.password', Value_setting: password }], token)).json()).toEqual([]);
    expect(await stored('smtp.password')).toBe(atRest);

    const cleared = await update([{ Name_setting: 'smtp.password', Value_setting: '', Clear: true }], token);
    expect(cleared.json()).toEqual(['smtp.password']);
    expect(await stored('smtp.password')).toBe('');

    const rows = await auditRowsOf(user.id);
    expect(rows.map((row) => [row.oldValues, row.newValues])).toEqual([
      [{ Name_setting: 'smtp.password', Value_setting: MASKED_SECRET }, { Name_setting: 'smtp.password', Value_setting: '' }],
      [{ Name_setting: 'smtp.password', Value_setting: '' }, { Name_setting: 'smtp.password', Value_setting: MASKED_SECRET }],
    ]);
    expect(JSON.stringify(rows)).not.toContain(password);
  });
});

describe('the settings govern the running system', () => {
  it('the mail sender uses the stored SMTP host, port, user, decrypted password and sender', async () => {
    const smtp = await startSmtpCapture();
    const password = `Clave-smtp-${randomUUID()}`;
    const changed = await update([
      { Name_setting: 'smtp.host', Value_setting: '127.0.0.1' },
      { Name_setting: 'smtp.port', Value_setting: String(smtp.port) },
      { Name_setting: 'smtp.user', Value_setting: 'relay-user' },
      { Name_setting: 'smtp.password', Value_setting: password },
      { Name_setting: 'smtp.fromAddress', Value_setting: 'alertas@atalaya.example' },
      { Name_setting: 'smtp.fromName', Value_setting: 'Alertas Atalaya' },
    ]);
    expect(changed.statusCode).toBe(200);
    const to = `destino-${randomUUID()}@test.atalaya`;
    await t.database.db.insert(mailOutbox).values({ to, subject: 'Prueba del emisor', text: 'Hola' });
    const sender = startMailSender(t.database.db, log, 20);
    try {
      await expect.poll(() => smtp.messages.some((message) => message.includes(to)), { timeout: 10_000 }).toBe(true);
    } finally {
      await sender.stop();
      await smtp.close();
    }
    const message = smtp.messages.find((m) => m.includes(to)) ?? '';
    expect(message).toContain('From: Alertas Atalaya <alertas@atalaya.example>');
    expect(smtp.logins).toContainEqual({ user: 'relay-user', password });
  });

  it("'Probar envío' queues a test mail to the ADMIN (or the address given) and answers the outcome in Spanish", async () => {
    // No SMTP host: the mail waits in the outbox.
    const waiting = await testMail();
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toEqual({ Sent: false, Message: MSG.settings.testMailNoHost });
    const [queued] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.email));
    expect(queued).toMatchObject({ subject: MSG.settings.testMailSubject, sentAt: null });

    // A working server: sent now, to the address given.
    const smtp = await startSmtpCapture();
    await update([
      { Name_setting: 'smtp.host', Value_setting: '127.0.0.1' },
      { Name_setting: 'smtp.port', Value_setting: String(smtp.port) },
    ]);
    const to = `prueba-${randomUUID()}@test.atalaya`;
    const sent = await testMail({ To: to });
    await smtp.close();
    expect(sent.json()).toEqual({ Sent: true, Message: MSG.settings.testMailSent(to) });
    expect(smtp.messages.some((message) => message.includes(to) && message.includes(MSG.settings.testMailSubject))).toBe(true);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(row?.sentAt).toBeInstanceOf(Date);

    // A server that refuses: the reason, and the mail kept for a retry.
    await update([{ Name_setting: 'smtp.port', Value_setting: String(await closedPort()) }]);
    const refusedTo = `rechazo-${randomUUID()}@test.atalaya`;
    const refused = await testMail({ To: refusedTo });
    expect(refused.json()).toEqual({ Sent: false, Message: MSG.settings.testMailFailed('el servidor rechazó la conexión (ECONNREFUSED)') });
    const [kept] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, refusedTo));
    expect(kept).toMatchObject({ sentAt: null, attempts: 1 });
    expect(kept?.lastError).toBeTruthy();

    const bad = await testMail({ To: 'no es un correo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Message: MSG.settings.testMailBadAddress });
  });

  it('users.maxFailedLogins and users.lockMinutes: the account locks after that many failures, for that many minutes', async () => {
    await update([
      { Name_setting: 'users.maxFailedLogins', Value_setting: '2' },
      { Name_setting: 'users.lockMinutes', Value_setting: '30' },
    ]);
    const user = await createUser(t.database.db, { role: 'RLF' });
    const guesses = await parallelLogins([t.app], user.email, [wrongPassword(1), wrongPassword(2), wrongPassword(3)]);
    expect(guesses.filter((g) => g.status === 400)).toHaveLength(2);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(1);
    const [locked] = await parallelLogins([t.app], user.email, [user.password]);
    expect(locked).toMatchObject({ status: 429, message: MSG.login.tooManyAttempts });

    // 20 minutes later it is still locked (30 minutes); 31 minutes later it is not.
    const backdate = (minutes: number) =>
      t.database.db
        .update(loginAttempts)
        .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(loginAttempts.email, user.email));
    await backdate(20);
    expect((await parallelLogins([t.app], user.email, [user.password]))[0]?.status).toBe(429);
    await backdate(31);
    expect((await parallelLogins([t.app], user.email, [user.password]))[0]?.status).toBe(200);

    // Raising the limit lets the next guess through at once.
    const other = await createUser(t.database.db, { role: 'RLF' });
    await parallelLogins([t.app], other.email, [wrongPassword(1), wrongPassword(2)]);
    expect((await parallelLogins([t.app], other.email, [other.password]))[0]?.status).toBe(429);
    await update([{ Name_setting: 'users.maxFailedLogins', Value_setting: '3' }]);
    expect((await parallelLogins([t.app], other.email, [other.password]))[0]?.status).toBe(200);
  });

  it('users.resetLinkValidityMinutes sets the reset link expiry, and web.publicUrl the address in its mail', async () => {
    await update([
      { Name_setting: 'users.resetLinkValidityMinutes', Value_setting: '15' },
      { Name_setting: 'web.publicUrl', Value_setting: 'https://farmacovigilancia.example/' },
    ]);
    const user = await createUser(t.database.db, { role: 'RLF' });
    const before = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/userresetpassword',
      remoteAddress: randomIp(),
      headers: { 'recaptcha-token': await solveCaptcha(t.app) },
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    const [token] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    const lasts = (token?.expiresAt.getTime() ?? 0) - before;
    expect(lasts).toBeGreaterThan(14 * 60_000);
    expect(lasts).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail?.text).toContain('https://farmacovigilancia.example/changepassword?token=');
    expect(mail?.text).toContain('durante 15 minutos');
  });

  it('users.sessionTimeoutMinutes is the session timeout getContext gives the browser', async () => {
    await update([{ Name_setting: 'users.sessionTimeoutMinutes', Value_setting: '45' }]);
    const context = await t.app.inject({ method: 'GET', url: '/api/getContext', headers: bearer(adminToken) });
    expect(context.json<{ SessionTimeout: number }>().SessionTimeout).toBe(45);
  });

  it('errors.enabled and errors.recipients (read-only on the screen): a 5xx queues a notice with the incident code to each recipient, one per interval', async () => {
    const recipients = [`aviso-${randomUUID()}@test.atalaya`, `aviso-${randomUUID()}@test.atalaya`];
    const noticesTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    // Disabled (the default): nothing is queued.
    await t.database.db.update(settings).set({ value: recipients.join(', ') }).where(eq(settings.name, 'errors.recipients'));
    expect((await t.app.inject({ method: 'GET', url: '/api/pruebaErrorInesperado' })).statusCode).toBe(500);
    // The notice is decided in onResponse, after the answer: let that end before enabling,
    // else it may read the setting already enabled (the suite once saw this error's notice).
    await t.app.errorNotices.settled();
    for (const to of recipients) expect(await noticesTo(to)).toHaveLength(0);
    await t.database.db.update(settings).set({ value: 'true' }).where(eq(settings.name, 'errors.enabled'));
    const failed = await t.app.inject({ method: 'GET', url: '/api/pruebaErrorInesperado?x=1' });
    expect(failed.statusCode).toBe(500);
    const incident = failed.json<{ InnerException: { ExceptionMessage: string } }>().InnerException.ExceptionMessage;
    await t.app.errorNotices.settled();
    for (const to of recipients) expect(await noticesTo(to)).toHaveLength(1);
    const [notice] = await noticesTo(recipients[0] ?? '');
    expect(notice?.text).toContain(incident);
    expect(notice?.text).toContain('GET /api/pruebaErrorInesperado');
    expect(notice?.text).not.toContain('falla de prueba');
    // A second error within the interval: no second notice.
    await t.app.inject({ method: 'GET', url: '/api/pruebaErrorInesperado' });
    await t.app.errorNotices.settled();
    expect(await noticesTo(recipients[1] ?? '')).toHaveLength(1);
  });

  it('start-up seeding deletes settings rows the code no longer defines and keeps the values of the others', async () => {
    const { seedReferenceData } = await import('../../db/seed/index.js');
    await t.database.db.insert(settings).values({ name: 'events.referenceSequenceDigits', description: 'obsoleta', value: '6', typeValue: 'number', groupSetting: 'Evento Reportable' });
    await update([{ Name_setting: 'smtp.port', Value_setting: '465' }]);
    await seedReferenceData(t.database.db);
    const names = (await t.database.db.select({ name: settings.name }).from(settings)).map((row) => row.name);
    expect(names).not.toContain('events.referenceSequenceDigits');
    expect(names).toHaveLength(31);
    expect(await stored('smtp.port')).toBe('465');
  });
});
