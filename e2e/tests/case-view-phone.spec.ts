import { expect, test, type Page } from '@playwright/test';
import { apiPost, sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signOut, signInAt } from '../support/session';
import { SMALL_PDF } from '../support/wizard';

/**
 * Issue 20 §3: on a phone (the 'phone' project: Pixel 7, touch, 412 px) and at 390 px no tab
 * of the case view scrolls the page sideways: wide tables scroll inside their own frame or turn
 * into cards, the tab list scrolls within itself; the documents list shows each file's name.
 */

const RLF = 'rlf@demo.atalaya';
const QPPV = 'qppv@demo.atalaya';

/** The page is no wider than the window; on failure, the elements that stick out say why. */
async function expectNoSidewaysScroll(page: Page, width: number, where: string): Promise<void> {
  const overflow = await page.evaluate((screen) => {
    const wide = Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((element) => element.getBoundingClientRect().right > screen + 1)
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)} → ${Math.round(element.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, wide };
  }, width);
  // A phone widens its layout viewport to fit what sticks out: the window must keep its width too.
  expect.soft(overflow.width, `${where}: window width; ${overflow.wide.join(' | ')}`).toBe(width);
  expect.soft(overflow.scrollWidth, `${where}: ${overflow.wide.join(' | ')}`).toBeLessThanOrEqual(overflow.width);
}

for (const width of [390, 412]) {
  test(`no tab of the case view scrolls sideways at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 860 });
    await signInAt(page, RLF, '/workflow');
    const token = await accessToken(page, RLF);
    const { meta, reference } = await sentCase(page, token);
    const added = await page.request.post('/api/uploadDocAndNotes', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        action: 'insertPostCreated',
        idEr: meta,
        note: 'Informe del laboratorio clínico con resultados',
        fileName: 'informe-laboratorio-clinico-marzo.pdf',
        extension: 'pdf',
        file: { name: 'informe-laboratorio-clinico-marzo.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF },
      },
    });
    expect(added.ok(), await added.text()).toBe(true);

    await page.goto(`/reportableEvent/${meta}/view/details`);
    await expect(page.getByTestId('event-status')).toHaveText('En revisión RLF');
    await expectNoSidewaysScroll(page, width, 'Detalle');

    // The tab list scrolls within itself: the last tab is reachable, the page does not widen.
    const tabs = page.getByRole('tablist');
    await tabs.getByRole('tab', { name: 'Historial de PDFs', exact: true }).click();
    await page.getByRole('button', { name: 'Generar PDF' }).click();
    await expect(page.getByText(`ER-${reference}_`).first()).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page, width, 'Historial de PDFs');

    await tabs.getByRole('tab', { name: 'Documentos', exact: true }).click();
    await expect(page.getByText('informe-laboratorio-clinico-marzo.pdf').first()).toBeInViewport();
    await expectNoSidewaysScroll(page, width, 'Documentos');

    await tabs.getByRole('tab', { name: 'Imputabilidad', exact: true }).click();
    await expect(page.getByTestId('evaluation-result')).toBeVisible();
    await expectNoSidewaysScroll(page, width, 'Imputabilidad');

    await tabs.getByRole('tab', { name: 'Operaciones', exact: true }).click();
    await expect(page.getByText('Evento enviado').first()).toBeVisible();
    await expectNoSidewaysScroll(page, width, 'Operaciones');

    await tabs.getByRole('tab', { name: 'RAM', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Calificar: Cefalea' })).toBeVisible();
    await expectNoSidewaysScroll(page, width, 'RAM');

    // The QPPV's Imputabilidad is the questionnaire itself.
    await apiPost(page, token, 'sendAccion', { Event: { Accion: 'AprobarRLF', Event: meta, Comments: 'Pasa al QPPV' } });
    await signOut(page);
    await signInAt(page, QPPV, '/workflow');
    await page.goto(`/reportableEvent/${meta}/view/evaluation`);
    await expect(page.getByLabel('Pregunta 1:')).toBeEnabled();
    await expectNoSidewaysScroll(page, width, 'Imputabilidad (QPPV)');
    await page.getByRole('tab', { name: 'Operaciones', exact: true }).click();
    await expect(page.getByText('Aprobar el evento').first()).toBeVisible();
    await expectNoSidewaysScroll(page, width, 'Operaciones (QPPV)');
  });
}
