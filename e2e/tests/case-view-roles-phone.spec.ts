import { EVENT_VIEW_TABS, eventViewPath, NARANJO_QUESTION_KEYS, visibleViewTabs } from '@atalaya/domain';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiPost, caseForEveryRole } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { SMALL_PDF } from '../support/wizard';

/**
 * Issue 30 §10: at 390 px no tab of the case view widens the page, for every role that opens
 * cases (QPPV, RLF, CL, Fabricante), on a case with data (an answered evaluation with the QPPV's
 * comments, a document, two suspect medicines) and on one without an evaluation. A wide
 * read-only table (the RLF's Imputabilidad was 688 px) scrolls inside its own frame.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 240_000 });

const WIDTH = 390;
const RLF = 'rlf@demo.atalaya';
const QPPV = 'qppv@demo.atalaya';
const ROLES = [
  { role: 'QPPV', email: QPPV, home: '/workflow' },
  { role: 'RLF', email: RLF, home: '/workflow' },
  { role: 'CL', email: 'cl@demo.atalaya', home: '/eventsearch' },
  { role: 'Fabricante', email: 'fabricante@demo.atalaya', home: '/workflow' },
] as const;

interface Cases {
  withData: { meta: string; reference: string };
  withoutEvaluation: { meta: string; reference: string };
}

/**
 * Two cases every role reaches (Pampril 5 of the Fabricante's Pampa Vital and Enaltar 10 of the
 * CL's Terramar, in Uruguay, the RLF's country), sent into the workflow. The first also holds a
 * document and the QPPV's answered evaluation with long comments, then waits for the Fabricante.
 */
async function casesForEveryRole(browser: Browser): Promise<Cases> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const rlf = await accessToken(page, RLF);
    const withData = await caseForEveryRole(page, rlf);
    const withoutEvaluation = await caseForEveryRole(page, rlf);

    const added = await page.request.post('/api/uploadDocAndNotes', {
      headers: { authorization: `Bearer ${rlf}` },
      multipart: {
        action: 'insertPostCreated',
        idEr: withData.meta,
        note: 'Informe del laboratorio clínico con los resultados de la función renal y hepática',
        fileName: 'informe-laboratorio-clinico-con-un-nombre-largo-de-archivo.pdf',
        extension: 'pdf',
        file: { name: 'informe-laboratorio-clinico-con-un-nombre-largo-de-archivo.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF },
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    // The RLF answers the evaluation while reviewing (with long comments), then hands the case on.
    const encuesta = NARANJO_QUESTION_KEYS.map((Key, index) => ({
      Key,
      Respuesta: (index % 3) + 1,
      LeidoFabricante: false,
      LeidoQPPV: false,
      RevisadoQPPV: false,
      ComentarioQPPV: `Comentario sobre la pregunta ${index + 1}, con el detalle de la bibliografía consultada y de los antecedentes del paciente`,
    }));
    await apiPost(page, rlf, 'setImputEvaluation', { er: withData.meta, encuesta, comentario: 'Evaluación completa' });
    await apiPost(page, rlf, 'sendAccion', { Event: { Accion: 'AprobarRLF', Event: withData.meta, Comments: 'Pasa al QPPV para la evaluación de causalidad' } });
    // The QPPV in a context of its own (a page's token is its signed-in user's).
    const qppvContext = await browser.newContext();
    const qppvPage = await qppvContext.newPage();
    const qppv = await accessToken(qppvPage, QPPV);
    await apiPost(qppvPage, qppv, 'sendAccion', { Event: { Accion: 'EnEsperaFabricante', Event: withData.meta, Comments: 'Se pide al fabricante su evaluación' } });
    await qppvContext.close();
    return { withData, withoutEvaluation };
  } finally {
    await context.close();
  }
}

/** Once the tab has loaded: the page is no wider than the window; on failure, what sticks out. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  await expect(page.getByRole('tablist')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible').first()).toBeHidden({ timeout: 15_000 });
  const overflow = await page.evaluate((screen) => {
    const wide = Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((element) => element.getBoundingClientRect().right > screen + 1)
      .slice(0, 6)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 50)} → ${Math.round(element.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, width: window.innerWidth, wide };
  }, WIDTH);
  // A touch phone widens its layout viewport to fit what sticks out: the window keeps its width too.
  expect.soft(overflow.width, `${where}: ancho de la ventana; ${overflow.wide.join(' | ')}`).toBe(WIDTH);
  expect.soft(overflow.scrollWidth, `${where}: ${overflow.scrollWidth} px de ancho; ${overflow.wide.join(' | ')}`).toBeLessThanOrEqual(overflow.clientWidth);
}

let cases: Cases | undefined;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  cases = await casesForEveryRole(browser);
});

for (const { role, email, home } of ROLES) {
  test(`the ${role} reads every tab of the case view at ${WIDTH} px without the page scrolling sideways`, async ({ page }) => {
    if (!cases) throw new Error('the cases were not created');
    await signInAt(page, email, home);
    for (const [label, { meta, reference }] of [
      ['con evaluación', cases.withData],
      ['sin evaluación', cases.withoutEvaluation],
    ] as const) {
      for (const step of visibleViewTabs({ IsRAM: true, TieneFollowUp: false })) {
        await page.goto(eventViewPath(meta, step));
        await expect(page.getByText(reference).first()).toBeVisible({ timeout: 15_000 });
        const tab = EVENT_VIEW_TABS.find((item) => item.step === step)?.label ?? step;
        if (step === 'evaluation' && label === 'con evaluación') {
          // The answered evaluation: the table (read-only) or, for whom may change it now, the form.
          await expect(page.getByTestId('evaluation-result').or(page.getByLabel('Pregunta 1:')).first()).toBeVisible();
        }
        if (step === 'docuemnts' && label === 'con evaluación') await expect(page.getByText('informe-laboratorio-clinico-con-un-nombre-largo-de-archivo.pdf').first()).toBeVisible();
        await expectNoSidewaysScroll(page, `${role}, ${tab} (${label})`);
      }
    }
  });
}
