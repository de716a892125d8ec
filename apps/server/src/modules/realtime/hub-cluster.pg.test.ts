// Runs only against the PostgreSQL server (DATABASE_URL): vitest.config.ts leaves *.pg.test.ts out on PGlite.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { connected, disconnectOpenedClients, hubToken, references, startBareHub } from '../../test-support/hub-client.js';
import { announceCaseCreated, createCaseEvents } from '../cases/index.js';

afterEach(disconnectOpenedClients);

// Several processes share PostgreSQL: what one emits reaches the clients of the others.
describe('the realtime hub of several instances', () => {
  let t: TestApp;
  let listening: FastifyInstance;
  let announcing: FastifyInstance;
  const key = new Uint8Array(32).fill(5);
  const announcingCaseEvents = createCaseEvents();

  beforeAll(async () => {
    t = await createTestApp();
    listening = await startBareHub(t, { accessTokenKey: key });
    announcing = await startBareHub(t, { accessTokenKey: key, caseEvents: announcingCaseEvents });
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
});
