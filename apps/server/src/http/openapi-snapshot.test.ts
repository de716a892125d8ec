import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { OPENAPI_SNAPSHOT_PATH, OPENAPI_STALE_MESSAGE, openApiSnapshotText } from './openapi-snapshot.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI snapshot', () => {
  it('docs/openapi.json is the document the route schemas generate', async () => {
    const generated = await openApiSnapshotText(t.app);
    const committed = await readFile(OPENAPI_SNAPSHOT_PATH, 'utf8').catch(() => '');
    expect(generated === committed, OPENAPI_STALE_MESSAGE).toBe(true);
  });
});
