import { expect, test, type APIRequestContext, type Request } from '@playwright/test';

/**
 * Issue 3: 'Fast on a phone: the public pages must not load the internal application's code.'
 * The chunks of the build are found by following the imports of the served bundle from
 * index.html, and each is classified by the sources its source map lists, so the test does
 * not depend on file names or hashes.
 */

/** Sources of the internal area: the guarded pages, the application frame and the internal features. */
const INTERNAL_SOURCES = [
  /(^|\/)src\/app\/internal-pages\.tsx$/,
  /(^|\/)src\/features\/shell\//,
  /(^|\/)src\/shared\/realtime\//,
  // Every feature but those of the public pages (landing, report form, login, Teams page).
  /(^|\/)src\/features\/(?!landing\/|public-report\/|auth\/|teams-config\/)[^/]+\//,
];
const SOCKET_IO_SOURCES = /(^|\/)node_modules\/(socket\.io-client|engine\.io-client|socket\.io-parser|@socket\.io\/component-emitter)\//;
const LANDING_SOURCE = /(^|\/)src\/features\/landing\/landing-page\.tsx$/;
const APP_FRAME_SOURCE = /(^|\/)src\/features\/shell\/app-frame\.tsx$/;
const INTERNAL_PAGES_SOURCE = /(^|\/)src\/app\/internal-pages\.tsx$/;

/** '/assets/x-hash.js' for every JS file the served build can load, with the sources of each. */
async function builtChunks(request: APIRequestContext): Promise<Map<string, string[]>> {
  const html = await (await request.get('/')).text();
  const pending = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]);
  const chunks = new Map<string, string[]>();
  while (pending.length > 0) {
    const path = pending.pop() ?? '';
    if (chunks.has(path)) continue;
    const code = await request.get(path);
    expect(code.ok(), path).toBe(true);
    for (const match of (await code.text()).matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+\.js)["'`]/g)) {
      pending.push(`/assets/${match[1] ?? ''}`);
    }
    const map = await request.get(`${path}.map`);
    const sources = map.ok() ? ((await map.json()) as { sources: string[] }).sources : [];
    chunks.set(path, sources);
  }
  return chunks;
}

function chunksWith(chunks: Map<string, string[]>, patterns: RegExp[]): Set<string> {
  return new Set([...chunks].filter(([, sources]) => sources.some((source) => patterns.some((pattern) => pattern.test(source)))).map(([path]) => path));
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('la página pública en un teléfono no descarga el código del área interna ni socket.io', async ({ page, request }) => {
  const chunks = await builtChunks(request);
  const internal = chunksWith(chunks, INTERNAL_SOURCES);
  const socketIo = chunksWith(chunks, [SOCKET_IO_SOURCES]);
  // The classification finds what it looks for, so an empty result cannot pass by accident.
  expect([...chunksWith(chunks, [APP_FRAME_SOURCE])]).toHaveLength(1);
  expect([...chunksWith(chunks, [INTERNAL_PAGES_SOURCE])]).toHaveLength(1);

  const scripts: { path: string; transferred: Promise<number>; decoded: Promise<number> }[] = [];
  const socketRequests: string[] = [];
  page.on('requestfinished', (finished: Request) => {
    const url = new URL(finished.url());
    if (url.pathname.includes('/socket.io/')) socketRequests.push(url.pathname);
    if (finished.resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
    const sizes = finished.sizes();
    scripts.push({
      path: url.pathname,
      transferred: sizes.then((size) => size.responseBodySize + size.responseHeadersSize),
      decoded: finished.response().then(async (response) => (response ? (await response.body()).length : 0)),
    });
  });
  page.on('websocket', (socket) => socketRequests.push(socket.url()));

  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Reportar una reacción adversa' }).first()).toBeVisible();
  // Down to the footer: the sections further below may load their own code.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');

  const loaded = [...new Set(scripts.map((script) => script.path))];
  expect(loaded.some((path) => chunks.get(path)?.some((source) => LANDING_SOURCE.test(source)))).toBe(true);
  expect(loaded.filter((path) => internal.has(path))).toEqual([]);
  expect(loaded.filter((path) => socketIo.has(path))).toEqual([]);
  expect(socketRequests).toEqual([]);

  const transferred = (await Promise.all(scripts.map((script) => script.transferred))).reduce((sum, size) => sum + size, 0);
  const decoded = (await Promise.all(scripts.map((script) => script.decoded))).reduce((sum, size) => sum + size, 0);
  console.log(
    `JS de / en un teléfono: ${loaded.length} archivos, ${(transferred / 1024).toFixed(1)} KiB transferidos ` +
      `(${(decoded / 1024).toFixed(1)} KiB sin comprimir); el área interna son ${internal.size} de ${chunks.size} archivos JS` +
      `${socketIo.size === 0 ? '; socket.io-client no está en el build' : ''}.`,
  );
});
