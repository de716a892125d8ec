import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { pdfText } from '../../apps/server/src/faces/e2e';
import { draftCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { advance } from '../support/wizard';

/**
 * Issue 6: a case's life across RLF, QPPV and Fabricante. The RLF sends a case and approves
 * it; the QPPV answers the causality questionnaire and asks the manufacturer; the Fabricante
 * reads the evaluation and approves it; the QPPV concludes Imputable and downloads the PDF;
 * the Operaciones tab tells every step with its comment. Each role works in its own browser
 * context, as the three people would.
 */

const RLF = 'rlf@demo.atalaya';
const QPPV = 'qppv@demo.atalaya';
const FABRICANTE = 'fabricante@demo.atalaya';

/** NO / SI / No sabe per question: 1 + 2 + 1 + 2 + 2 + 0 + 0 + 0 + 0 + 0 = 8, 'Probable'. */
const ANSWERS = ['Sí', 'Sí', 'Sí', 'Sí', 'No', 'No sabe', 'No', 'No', 'No', 'No'] as const;

async function pageAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, email, '/workflow');
  return page;
}

function viewUrl(meta: string, step: string): string {
  return `/reportableEvent/${meta}/view/${step}`;
}

async function expectStatus(page: Page, status: string): Promise<void> {
  await expect(page.getByTestId('event-status')).toHaveText(status);
}

/** Takes a workflow action from the bar (its button, or its item in a menu of the bar), the confirmation, the comment. */
async function takeAction(page: Page, button: string, title: string, comment: string, menu?: string): Promise<void> {
  const bar = page.getByRole('group', { name: 'Acciones del evento' });
  if (menu) {
    await bar.getByRole('button', { name: menu }).click();
    await page.getByRole('menuitem', { name: button, exact: true }).click();
  } else {
    await bar.getByRole('button', { name: button, exact: true }).click();
  }
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('textbox').fill(comment);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toBeHidden();
}

async function openTab(page: Page, label: string): Promise<void> {
  await page.getByRole('tab', { name: label, exact: true }).click();
}

test('a case lives its whole life across RLF, QPPV and Fabricante', async ({ browser }) => {
  test.setTimeout(240_000);

  // RLF: a complete draft of a Pampa Vital product, sent from the wizard's summary.
  const rlf = await pageAs(browser, RLF);
  const token = await accessToken(rlf, RLF);
  const { meta, reference } = await draftCase(rlf, token, { product: 'Pampril 5' });
  await rlf.goto(`/reportableEvent/${meta}/edit/`);
  for (let step = 1; step <= 7; step += 1) await advance(rlf);
  await rlf.getByRole('button', { name: 'Enviar' }).click();
  await rlf.getByRole('dialog', { name: 'Finalizar la creación del evento reportable' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(rlf).toHaveURL(new RegExp(`${viewUrl(meta, 'details')}$`, 'i'), { timeout: 15_000 });
  await expect(rlf.getByText(`Evento Reportable: ${reference}`)).toBeVisible();
  await expectStatus(rlf, 'En revisión RLF');
  await takeAction(rlf, 'Aprobar', 'Aprobar el evento', 'Datos completos, pasa al QPPV');
  await expectStatus(rlf, 'En evaluación QPPV');

  // QPPV: answers the ten questions and asks the manufacturer.
  const qppv = await pageAs(browser, QPPV);
  await qppv.goto(viewUrl(meta, 'evaluation'));
  await expectStatus(qppv, 'En evaluación QPPV');
  await expect(qppv.getByTestId('evaluation-result')).toHaveText('Evaluación incompleta');
  for (const [index, answer] of ANSWERS.entries()) await qppv.getByLabel(`Pregunta ${index + 1}:`).selectOption({ label: answer });
  await expect(qppv.getByTestId('evaluation-total')).toHaveText('8');
  await expect(qppv.getByTestId('evaluation-result')).toHaveText('Probable');
  await qppv.getByRole('button', { name: 'Guardar evaluación' }).click();
  await expect(qppv.getByText('Debe marcar la pregunta como leída').first()).toBeVisible();
  await qppv.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await qppv.getByRole('button', { name: 'Guardar evaluación' }).click();
  await expect(qppv.getByText('Evaluación guardada')).toBeVisible();
  await takeAction(qppv, 'Solicitar evaluación al fabricante', 'Solicitar la evaluación del fabricante', 'Por favor revisar la evaluación');
  await expectStatus(qppv, 'En espera de fabricante');

  // Fabricante: reads every answer, then approves.
  const fabricante = await pageAs(browser, FABRICANTE);
  await fabricante.goto(viewUrl(meta, 'evaluation'));
  await expectStatus(fabricante, 'En espera de fabricante');
  await expect(fabricante.getByLabel('Pregunta 1:')).toBeDisabled();
  await fabricante.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await fabricante.getByRole('button', { name: 'Guardar evaluación' }).click();
  await expect(fabricante.getByText('Evaluación guardada')).toBeVisible();
  await takeAction(fabricante, 'Aprobar evaluación', 'Aprobar la evaluación', 'Evaluación leída, de acuerdo');
  await expectStatus(fabricante, 'En evaluación QPPV');
  // A Fabricante's Detalle shows its approval where others see the medical contact (spec §6).
  await openTab(fabricante, 'Detalle');
  const approval = fabricante.getByRole('region', { name: 'Aprobación del fabricante' });
  await expect(approval.getByText('Evaluación leída, de acuerdo')).toBeVisible();
  await expect(fabricante.getByRole('region', { name: 'Contacto médico' })).toHaveCount(0);

  // QPPV: sees the manufacturer's reading, concludes Imputable and downloads the PDF.
  await qppv.reload();
  await expect(qppv.getByLabel('Leído fabricante (pregunta 1)')).toBeChecked();
  await expect(qppv.getByTestId('evaluation-result')).toHaveText('Probable');
  await takeAction(qppv, 'Concluir imputable', 'Concluir: imputable', 'Relación causal probable, se notifica', 'Concluir evaluación');
  await expectStatus(qppv, 'Cerrado imputable');

  await openTab(qppv, 'Historial de PDFs');
  const downloading = qppv.waitForEvent('download');
  await qppv.getByRole('button', { name: 'Generar PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`ER-${reference}.pdf`);
  const text = pdfText(await readFile(await download.path()));
  expect(text).toContain(reference);
  expect(text).toContain('Probable');
  await expect(qppv.getByRole('row').filter({ hasText: `ER-${reference}_` })).toHaveCount(1);

  // Operaciones: every step with its comment; the detail names the status change.
  await openTab(qppv, 'Operaciones');
  const steps: [string, string][] = [
    ['Concluir: imputable', 'Relación causal probable, se notifica'],
    ['Aprobar la evaluación', 'Evaluación leída, de acuerdo'],
    ['Solicitar la evaluación del fabricante', 'Por favor revisar la evaluación'],
    ['Aprobar el evento', 'Datos completos, pasa al QPPV'],
  ];
  for (const [title, comment] of steps) {
    await expect(qppv.getByRole('row').filter({ hasText: title }).filter({ hasText: comment })).toHaveCount(1);
  }
  const concluded = qppv.getByRole('row').filter({ hasText: 'Concluir: imputable' });
  await concluded.getByRole('button', { name: /Ver detalle/ }).click();
  const detail = qppv.getByRole('dialog');
  await expect(detail.getByRole('row').filter({ hasText: 'Estado' }).filter({ hasText: 'En evaluación QPPV' }).filter({ hasText: 'Cerrado imputable' })).toHaveCount(1);

  for (const page of [rlf, qppv, fabricante]) await page.context().close();
});
