import { MSG, type NewEventsMessage } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { signAccessToken } from '../../http/access-token.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { createUser, login, randomIp, solveCaptcha } from '../../test-support/factories.js';
import { baseUrl, connected, disconnectOpenedClients, heardSentinel, hubToken, open, references, startBareHub } from '../../test-support/hub-client.js';
import { patientReport } from '../../test-support/public-reports.js';
import { announceCaseCreated, createCaseEvents } from '../cases/index.js';
import { announceConfigurationChanged, createConfigurationEvents } from '../../shared/configuration-events.js';

afterEach(disconnectOpenedClients);

describe('the realtime hub of the application', () => {
  let t: TestApp;
  let uyProduct: TestProduct;
  let arProduct: TestProduct;
  const tokens: Record<'rlfUy' | 'rlfAr' | 'qppv' | 'clUy', string> = { rlfUy: '', rlfAr: '', qppv: '', clUy: '' };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { db } = t.database;
    [uyProduct, arProduct] = await Promise.all([createProduct(db, { countries: ['UY'] }), createProduct(db, { countries: ['AR'] })]);
    const [rlfUy, rlfAr, qppv, clUy] = await Promise.all([
      createUser(db, { role: 'RLF', country: 'UY' }),
      createUser(db, { role: 'RLF', country: 'AR' }),
      createUser(db, { role: 'QPPV', country: 'UY' }),
      createUser(db, { role: 'CL', country: 'UY' }),
    ]);
    tokens.rlfUy = (await login(t.app, rlfUy)).accessToken;
    tokens.rlfAr = (await login(t.app, rlfAr)).accessToken;
    tokens.qppv = (await login(t.app, qppv)).accessToken;
    tokens.clUy = (await login(t.app, clUy)).accessToken;
  });
  afterAll(() => t.close());

  async function postReport(product: TestProduct, country: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/postreporthome',
      remoteAddress: randomIp(),
      headers: { 'recaptcha-token': await solveCaptcha(t.app) },
      payload: patientReport(product, country),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ Reference: string }>().Reference;
  }

  it('refuses a connection without a token, with the Spanish message', async () => {
    const { listener, error } = await open(t.app, { token: null });
    expect(error?.message).toBe(MSG.errors.unauthenticated);
    expect(listener.socket.connected).toBe(false);
    // Not retried by Socket.IO itself: the browser refreshes its session and tries again.
    expect(listener.socket.active).toBe(false);
  });

  it('refuses a forged or expired token', async () => {
    const forged = await signAccessToken(
      { id: '00000000-0000-4000-8000-000000000000', role: 'QPPV', countryCode: 'UY', email: 'x@test.atalaya' },
      new Uint8Array(32).fill(7),
    );
    for (const token of [forged, 'not-a-jwt', `${tokens.qppv}x`]) {
      const { error } = await open(t.app, { token });
      expect(error?.message).toBe(MSG.errors.unauthenticated);
    }
  });

  it('refuses a valid token whose account was deactivated, or that has not accepted the terms', async () => {
    const { db } = t.database;
    const pending = await createUser(db, { role: 'RLF', country: 'UY', acceptTerms: false });
    const pendingToken = (await login(t.app, pending)).accessToken;
    expect((await open(t.app, { token: pendingToken })).error?.message).toBe(MSG.errors.termsNotAccepted);

    const leaving = await createUser(db, { role: 'RLF', country: 'UY' });
    const leavingToken = (await login(t.app, leaving)).accessToken;
    expect((await open(t.app, { token: leavingToken })).error).toBeNull();
    await db.update(users).set({ isActive: false }).where(eq(users.id, leaving.id));
    expect((await open(t.app, { token: leavingToken })).error?.message).toBe(MSG.errors.sessionExpired);
  });

  it('refuses a browser page of another origin', async () => {
    const { error } = await open(t.app, { token: tokens.qppv, transports: ['polling'], origin: 'https://evil.example' });
    expect(error).not.toBeNull();
    const sameHost = await open(t.app, { token: tokens.qppv, transports: ['polling'], origin: baseUrl(t.app) });
    expect(sameHost.error).toBeNull();
  });

  it('tells the RLF of the country and every QPPV about a new incoming report, not the RLF of another country', async () => {
    const [rlfUy, rlfAr, qppv, clUy] = await Promise.all([
      connected(t.app, tokens.rlfUy),
      connected(t.app, tokens.rlfAr),
      connected(t.app, tokens.qppv),
      connected(t.app, tokens.clUy),
    ]);
    expect(rlfUy.socket.io.engine.transport.name).toBe('websocket');

    const reference = await postReport(uyProduct, 'UY');

    await expect.poll(() => references(rlfUy.newEvents)).toContain(reference);
    await expect.poll(() => references(qppv.newEvents)).toContain(reference);
    expect(rlfUy.newEvents.find((message) => message.reference === reference)).toEqual({
      kind: 'homeReport',
      reference,
      countryCode: 'UY',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    await heardSentinel(t.configurationEvents, t.app.log, [rlfAr, clUy, qppv]);
    expect(references(rlfAr.newEvents)).not.toContain(reference);
    expect(references(clUy.newEvents)).not.toContain(reference);
    // A QPPV hears it once, although it is in no country room of RLF.
    expect(references(qppv.newEvents).filter((heard) => heard === reference)).toHaveLength(1);

    const arReference = await postReport(arProduct, 'AR');
    await expect.poll(() => references(rlfAr.newEvents)).toContain(arReference);
    await expect.poll(() => references(qppv.newEvents)).toContain(arReference);
    await heardSentinel(t.configurationEvents, t.app.log, [rlfUy]);
    expect(references(rlfUy.newEvents)).not.toContain(arReference);
  });

  it('works over long polling alone', async () => {
    const rlfUy = await connected(t.app, tokens.rlfUy, ['polling']);
    expect(rlfUy.socket.io.engine.transport.name).toBe('polling');
    const reference = await postReport(uyProduct, 'UY');
    await expect.poll(() => references(rlfUy.newEvents)).toContain(reference);
  });
});

describe('the hub’s case and configuration messages', () => {
  let t: TestApp;
  let hub: FastifyInstance;
  const key = new Uint8Array(32).fill(3);
  const caseEvents = createCaseEvents();
  const configurationEvents = createConfigurationEvents();

  const tokenOf = (role: 'RLF' | 'QPPV' | 'CL' | 'ADMIN', countryCode: string) => hubToken(key, role, countryCode);

  beforeAll(async () => {
    t = await createTestApp();
    // A bare server with the hub alone, so the test can announce what other modules announce.
    hub = await startBareHub(t, { accessTokenKey: key, caseEvents, configurationEvents });
  });
  afterAll(async () => {
    await hub.close();
    await t.close();
  });

  it('tells the RLF of the country and every QPPV about a new case', async () => {
    const [rlfPe, rlfCl, qppv] = await Promise.all([
      connected(hub, await tokenOf('RLF', 'PE')),
      connected(hub, await tokenOf('RLF', 'CL')),
      connected(hub, await tokenOf('QPPV', 'AR')),
    ]);
    const reference = `PE-2026-${crypto.randomUUID().slice(0, 6)}`;
    const createdAt = new Date('2026-03-04T05:06:07.000Z');
    announceCaseCreated(
      caseEvents,
      { id: crypto.randomUUID(), meta: 'meta', referenceNumber: reference, countryCode: 'PE', homeReportId: null, createdAt },
      hub.log,
    );
    const expected: NewEventsMessage = { kind: 'event', reference, countryCode: 'PE', date: createdAt.toISOString() };
    await expect.poll(() => rlfPe.newEvents).toContainEqual(expected);
    await expect.poll(() => qppv.newEvents).toContainEqual(expected);
    await heardSentinel(configurationEvents, hub.log, [rlfCl]);
    expect(references(rlfCl.newEvents)).not.toContain(reference);
  });

  it('tells everyone connected that the configuration changed, whatever the transport', async () => {
    const listeners = await Promise.all([
      connected(hub, await tokenOf('ADMIN', 'UY')),
      connected(hub, await tokenOf('CL', 'AR'), ['polling']),
      connected(hub, await tokenOf('RLF', 'UY')),
      connected(hub, await tokenOf('QPPV', 'UY')),
    ]);
    const what = `parametros-${crypto.randomUUID()}`;
    announceConfigurationChanged(configurationEvents, { what }, hub.log);
    for (const listener of listeners) {
      await expect.poll(() => listener.configurationChanged.map((message) => message.what)).toContain(what);
    }
    expect(listeners[0]?.configurationChanged.find((message) => message.what === what)?.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('closes with its clients still connected', async () => {
    const other = await startBareHub(t, { accessTokenKey: key });
    const listener = await connected(other, await tokenOf('QPPV', 'UY'));
    const disconnected = new Promise<string>((resolve) => listener.socket.once('disconnect', resolve));
    await other.close();
    expect(await disconnected).toBeTruthy();
    expect(listener.socket.connected).toBe(false);
  });
});
