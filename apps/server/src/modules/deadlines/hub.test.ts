import { type DeadlineMissedMessage, HUB_EVENTS } from '@atalaya/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../http/access-token.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { connected, disconnectOpenedClients, heardSentinel, startBareHub } from '../../test-support/hub-client.js';
import { createConfigurationEvents } from '../../shared/configuration-events.js';
import { createDeadlineEvents } from './index.js';

/** 'Plazo vencido' on the hub (docs/kpi.md, ADR 0013): only the users the sweep told hear it. */
describe('the hub tells the users who act next that a case missed a KPI', () => {
  let t: TestApp;
  let hub: FastifyInstance;
  const key = new Uint8Array(32).fill(5);
  const deadlineEvents = createDeadlineEvents();
  const configurationEvents = createConfigurationEvents();

  beforeAll(async () => {
    t = await createTestApp();
    hub = await startBareHub(t, { accessTokenKey: key, deadlineEvents, configurationEvents });
  });
  afterAll(async () => {
    await hub.close();
    await t.close();
  });
  afterEach(disconnectOpenedClients);

  async function listen(role: 'RLF' | 'QPPV') {
    const id = crypto.randomUUID();
    const listener = await connected(hub, await signAccessToken({ id, role, countryCode: 'UY', email: `${id}@test.atalaya` }, key));
    const heard: DeadlineMissedMessage[] = [];
    listener.socket.on(HUB_EVENTS.deadlineMissed, (message: DeadlineMissedMessage) => heard.push(message));
    return { id, listener, heard };
  }

  it('sends plazoVencido with the reference and meta to the told user only', async () => {
    const [told, other] = await Promise.all([listen('RLF'), listen('RLF')]);
    const at = new Date('2026-03-04T05:06:07.000Z');
    deadlineEvents.announce({ told: [{ userId: told.id, eventId: crypto.randomUUID(), reference: 'UY-2026-000123', meta: 'meta123' }], at }, hub.log);
    await expect.poll(() => told.heard).toEqual([{ reference: 'UY-2026-000123', meta: 'meta123', date: at.toISOString() }]);
    await heardSentinel(configurationEvents, hub.log, [other.listener]);
    expect(other.heard).toEqual([]);
  });
});
