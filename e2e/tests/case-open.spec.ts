import { expect, test, type Page, type Request } from '@playwright/test';
import { sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { SMALL_PDF } from '../support/wizard';

/**
 * Issue 33 §2: opening a case costs one or two calls. From inside the application (Tareas), the
 * case view asks `getERViewByMeta` — and the reference lists if this session has not read them
 * yet — before its header and Detalle tab show; every other read waits for its tab. A tab whose
 * data came with the opening read does not ask for it again; the others still show theirs.
 */

const RLF = 'rlf@demo.atalaya';

/** The API calls the page makes from now on (the path after /api/), in order. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${decodeURIComponent(url.pathname.slice('/api/'.length))}`);
  });
  return calls;
}

/**
 * Counts the page's API requests in flight from now on; `idle()` waits until none has been for
 * half a second. Not the load state 'networkidle', which waits for every request: twice on a
 * loaded machine it did not come within two minutes (the suspect: the realtime hub at /signalr,
 * which falls back to long polling when its socket fails). The API reads are what this spec counts.
 */
function apiRequestsInFlight(page: Page): { idle(): Promise<void> } {
  let inFlight = 0;
  let changedAt = Date.now();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  const begin = (request: Request) => {
    if (!isApi(request)) return;
    inFlight += 1;
    changedAt = Date.now();
  };
  const end = (request: Request) => {
    if (!isApi(request)) return;
    inFlight -= 1;
    changedAt = Date.now();
  };
  page.on('request', begin);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    idle: () => expect.poll(() => inFlight <= 0 && Date.now() - changedAt >= 500, { timeout: 30_000, intervals: [100] }).toBe(true),
  };
}

/**
 * A navigation inside the running application, as a link does (no reload of the app), watched in
 * the page: the time the first tab shows its data (`texts` all in the main area) on the page's
 * own clock, so the API reads started before it can be told from those started after.
 */
async function openInApp(page: Page, path: string, texts: readonly string[]): Promise<void> {
  await page.evaluate(
    ({ to, wanted }) => {
      const watch = window as unknown as { firstTabShownAt?: number };
      performance.clearResourceTimings();
      performance.setResourceTimingBufferSize(1000);
      const observer = new MutationObserver(() => {
        const main = document.querySelector('main');
        if (main && wanted.every((text) => (main.textContent ?? '').includes(text))) {
          watch.firstTabShownAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    { to: path, wanted: texts },
  );
}

/** The API reads the page started before the first tab showed, by the browser's resource timing (path after /api/). */
async function readsBeforeFirstTab(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shownAt = (window as unknown as { firstTabShownAt?: number }).firstTabShownAt;
    if (shownAt === undefined) throw new Error('The first tab was not seen');
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/') && entry.startTime < shownAt)
      .sort((a, b) => a.startTime - b.startTime)
      .map((entry) => decodeURIComponent(new URL(entry.name).pathname.slice('/api/'.length)));
  });
}

test('opening a case costs at most two reads; each tab still shows its data, reading only what did not come', async ({ page }) => {
  test.setTimeout(120_000);
  const api = apiRequestsInFlight(page);
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const { meta, reference } = await sentCase(page, token);
  const uploaded = await page.request.post('/api/uploadDocAndNotes', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      action: 'insertPostCreated',
      idEr: meta,
      note: 'Informe de laboratorio',
      fileName: 'informe-apertura.pdf',
      extension: 'pdf',
      file: { name: 'informe-apertura.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  // Tareas has finished loading: what follows is the opening alone.
  await expect(page.getByRole('heading', { name: 'Tareas' }).first()).toBeVisible();
  await api.idle();

  const calls = recordApiCalls(page);
  // The header and the Detalle tab with its data: the case's reference, the patient's alias, the reaction.
  await openInApp(page, `/reportableEvent/${meta}/view/details`, ['RGT', 'Cefalea leve', reference]);
  await expect(page.getByTestId('event-status')).toHaveText('En revisión RLF');
  await expect(page.getByText('RGT').first()).toBeVisible();
  await expect(page.getByText('Cefalea leve').first()).toBeVisible();
  // The folded 'Posibles duplicados' asks for its candidates once the tab is shown, and shows.
  await expect(page.getByTestId('duplicate-candidates')).toBeVisible();
  await expect.poll(() => calls.filter((call) => call.startsWith('GET getDuplicateCandidatesByMeta/')).length).toBe(1);

  const before = await readsBeforeFirstTab(page);
  expect(before.length, before.join(', ')).toBeGreaterThanOrEqual(1);
  expect(before.length, before.join(', ')).toBeLessThanOrEqual(2);
  expect(before[0]).toBe(`getERViewByMeta/${meta}`);
  expect(before.slice(1).every((call) => call === 'getCodiguerasBasic'), before.join(', ')).toBe(true);

  const tabs = page.getByRole('tablist');
  const asked = (call: string) => calls.filter((made) => made.startsWith(`GET ${call}/`) || made === `POST ${call}`);

  // Tabs whose data came with the opening read: shown without asking again.
  await tabs.getByRole('tab', { name: 'Documentos', exact: true }).click();
  await expect(page.getByText('informe-apertura.pdf').first()).toBeVisible();
  await tabs.getByRole('tab', { name: 'RAM', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Calificar: Cefalea' })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Recuperacion', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Recuperación del producto Enaltar 10' })).toBeVisible();
  for (const call of ['getERByMeta', 'getDocsAndNotesByMeta', 'getRAMByMeta', 'getProductsRelationsByMeta', 'getPacienteByERMeta', 'getActionsERByMeta']) {
    expect(asked(call), `${call} was asked again: ${calls.join(', ')}`).toEqual([]);
  }

  // Tabs with data of their own: asked when opened, not before.
  expect(asked('getERHistoryByMeta')).toEqual([]);
  await tabs.getByRole('tab', { name: 'Operaciones', exact: true }).click();
  await expect(page.getByText('Evento enviado').first()).toBeVisible();
  expect(asked('getERHistoryByMeta')).toHaveLength(1);

  expect(asked('getImputEvaluationByMeta')).toEqual([]);
  await tabs.getByRole('tab', { name: 'Imputabilidad', exact: true }).click();
  await expect(page.getByTestId('evaluation-result')).toBeVisible();
  expect(asked('getImputEvaluationByMeta').length).toBeGreaterThan(0);

  expect(asked('listERPDF')).toEqual([]);
  await tabs.getByRole('tab', { name: 'Historial de PDFs', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Generar PDF' })).toBeVisible();
  // The button shows before the list is asked for (it needs no data): wait for the one request.
  await expect.poll(() => asked('listERPDF').length).toBe(1);

  expect(asked('getFollowUpEventsByReference')).toEqual([]);
  await tabs.getByRole('tab', { name: 'Eventos de Seguimiento', exact: true }).click();
  await expect(page.getByText('No se encontraron eventos de seguimiento asociados')).toBeVisible();
  expect(asked('getFollowUpEventsByReference')).toEqual([`GET getFollowUpEventsByReference/${reference}`]);
});

test('a case out of reach or unknown opens as before: the not-found notice', async ({ page }) => {
  await signInAt(page, RLF, '/workflow');
  await page.goto('/reportableEvent/AAAAAAAAAAAAAAAAAAAAAA/view/details');
  await expect(page.getByRole('main').getByRole('link', { name: 'Volver a Tareas' })).toBeVisible();
});

test('the view does not move once its tabs show: the duplicates card keeps its place while it searches', async ({ page }) => {
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const { meta } = await sentCase(page, token);
  // Every position the tab list takes, frame by frame, from the first frame it shows.
  await page.addInitScript(() => {
    const watch = window as unknown as { tabTops: number[] };
    watch.tabTops = [];
    const sample = () => {
      const top = document.querySelector('[role="tablist"]')?.getBoundingClientRect().top;
      if (top !== undefined && watch.tabTops.at(-1) !== top) watch.tabTops.push(top);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });

  await page.goto(`/reportableEvent/${meta}/view/docuemnts`);
  await expect(page.getByRole('tab', { name: 'Documentos', exact: true })).toBeVisible();
  // The candidates are asked after the first tab shows; the card answers (none, or a count and
  // 'Ver': other specs' cases may match this one) in the place it held while searching.
  const card = page.getByTestId('duplicate-candidates');
  await expect(card).toBeVisible();
  await expect(card.getByRole('status', { name: 'Buscando posibles duplicados' })).toHaveCount(0);
  const tops = await page.evaluate(() => (window as unknown as { tabTops: number[] }).tabTops);
  // Mounted late, the card pushed the tabs down under a pointer already on its way to them.
  expect(tops, `the tab list moved: ${tops.join(' → ')}`).toHaveLength(1);
});
