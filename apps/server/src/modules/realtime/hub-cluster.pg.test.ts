// Runs only against the PostgreSQL server (DATABASE_URL): vitest.config.ts leaves *.pg.test.ts out on PGlite.
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { connected, disconnectOpenedClients, hubToken, references, startBareHub } from '../../test-support/hub-client.js';
import { announceCaseCreated, createCaseEvents } from '../cases/index.js';
import { announceAccountAccessChanged, createAccountEvents } from '../users/index.js';
import { announceConfigurationChanged, createConfigurationEvents } from '../../shared/configuration-events.js';

afterEach(disconnectOpenedClients);

// Several processes share PostgreSQL: what one emits reaches the clients of the others.
describe('the realtime hub of several instances', () => {
  let t: TestApp;
  let listening: FastifyInstance;
  let announcing: FastifyInstance;
  const key = new Uint8Array(32).fill(5);
  const announcingCaseEvents = createCaseEvents();
  const announcingConfigurationEvents = createConfigurationEvents();
  const announcingAccountEvents = createAccountEvents();

  beforeAll(async () => {
    t = await createTestApp();
    listening = await startBareHub(t, { accessTokenKey: key });
    announcing = await startBareHub(t, {
      accessTokenKey: key,
      caseEvents: announcingCaseEvents,
      configurationEvents: announcingConfigurationEvents,
      accountEvents: announcingAccountEvents,
    });
  });
  afterAll(async () => {
    await Promise.all([listening.close(), announcing.close()]);
    await t.close();
  });

  it('spreads a message to the clients of another instance through PostgreSQL', async () => {
    const rlfBo = await connected(listening, await hubToken(key, 'RLF', 'BO'));
    const reference = `BO-2026-${crypto.randomUUID().slice(0, 6)}`;
    const created = { id: crypto.randomUUID(), meta: 'meta', referenceNumber: reference, countryCode: 'BO', homeReportId: null, createdAt: new Date() };
    // The other instance starts listening asynchronously: announce until the message comes across.
    await expect
      .poll(
        () => {
          announceCaseCreated(announcingCaseEvents, created, announcing.log);
          return references(rlfBo.newEvents);
        },
        { interval: 250, timeout: 10_000 },
      )
      .toContain(reference);
  });

  it('spreads every message of a burst emitted at once, in order, a repeated one included', async () => {
    const rlfBo = await connected(listening, await hubToken(key, 'RLF', 'BO'));
    const caseCreated = (reference: string) => ({ id: crypto.randomUUID(), meta: 'meta', referenceNumber: reference, countryCode: 'BO', homeReportId: null, createdAt: new Date() });
    // Once messages come across (the other instance listens asynchronously)…
    const first = `BO-2026-${crypto.randomUUID().slice(0, 6)}`;
    await expect
      .poll(
        () => {
          announceCaseCreated(announcingCaseEvents, caseCreated(first), announcing.log);
          return references(rlfBo.newEvents);
        },
        { interval: 250, timeout: 10_000 },
      )
      .toContain(first);
    // …a burst in one tick, as a numbering round announces its reports: sent in batches.
    const burst = Array.from({ length: 25 }, (_, i) => `BO-2026-R${i}-${crypto.randomUUID().slice(0, 6)}`);
    const what = `parametros-${crypto.randomUUID()}`;
    const changedAt = new Date();
    for (const [i, reference] of burst.entries()) {
      announceCaseCreated(announcingCaseEvents, caseCreated(reference), announcing.log);
      // The same message twice (PostgreSQL would deliver it once if both went in one statement).
      if (i === 10 || i === 11) announceConfigurationChanged(announcingConfigurationEvents, { what, changedAt }, announcing.log);
    }
    const last = burst.at(-1);
    await expect.poll(() => references(rlfBo.newEvents), { timeout: 10_000 }).toContain(last);
    expect(references(rlfBo.newEvents).filter((reference) => burst.includes(reference))).toEqual(burst);
    expect(rlfBo.configurationChanged.filter((message) => message.what === what)).toHaveLength(2);
  });

  it('disconnects a user whose access changed on every instance, and only that user', async () => {
    const token = await hubToken(key, 'CL', 'UY');
    const userId = decodeJwt(token).sub ?? '';
    const target = await connected(listening, token);
    const bystander = await connected(listening, await hubToken(key, 'CL', 'UY'));
    const cut = new Promise<string>((resolve) => target.socket.once('disconnect', (reason) => resolve(reason)));
    // The other instance starts listening asynchronously: announce until the socket is cut.
    await expect
      .poll(
        () => {
          announceAccountAccessChanged(announcingAccountEvents, { userId, reason: 'disabled' }, announcing.log);
          return target.socket.connected;
        },
        { interval: 250, timeout: 10_000 },
      )
      .toBe(false);
    expect(await cut).toBe('io server disconnect');
    expect(bystander.socket.connected).toBe(true);
  });
});
