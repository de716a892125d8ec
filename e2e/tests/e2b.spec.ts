import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ER_STATUS, NARANJO_QUESTION_KEYS, type E2bSubmission } from '@atalaya/domain';
import { expect, test } from '@playwright/test';
import { apiPost } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { apiGet } from '../support/wizard';

/**
 * Issue 29, 'Envíos E2B': a QPPV closes a demo case, opens it, generates its E2B(R3) file for
 * EudraVigilance, downloads it, marks it sent, uploads the receiver's positive ACK (FDA's reference
 * ACK pointed at our batch and message) and sees 'ACK aceptado' with the receiver's message.
 * The e2e server has no ATALAYA_E2B_XSD_DIR: the tab says the schema was not checked. The demo's
 * MedDRA sample is no release: E.i.2.1a is the demo's fallback version of Configuración (27.1),
 * unless a spec run before this one on the same server imported a release (data-import.spec):
 * then it is that release's version, and the row says which.
 */

const QPPV = 'qppv@demo.atalaya';
const ACK_MODEL = fileURLToPath(new URL('../../../shared/reference/e2b-r3-examples/fda-faers-2022/R3ack-positive.ack', import.meta.url));

/** Answers totalling 'Probable' (any ten answers complete the evaluation). */
const ANSWERS = [2, 2, 2, 3, 1, 3, 3, 3, 3, 3] as const;

function ackFor(submission: E2bSubmission): string {
  return readFileSync(ACK_MODEL, 'utf8')
    .replace(/(<targetBatch>\s*<id extension=")[^"]*/, `$1${submission.Lote}`)
    .replace(/(<targetMessage>\s*<id extension=")[^"]*/, `$1${submission.Mensaje}`);
}

test('a QPPV exports a closed demo case as E2B(R3), marks it sent and loads the receiver’s ACK', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAt(page, QPPV, '/workflow');
  const token = await accessToken(page, QPPV);

  // A demo case waiting on the QPPV, concluded Imputable: closed.
  const list = await apiGet<{ Result: { Meta: string; NumeroReferencia: string; Estado: number }[] }>(page, token, 'getWorkFlow/1/15/FechaSolicitud/0/0/0/0/0/0');
  const demo = list.Result.find((row) => row.Estado === ER_STATUS.EN_EVALUACION_QPPV);
  expect(demo, 'a demo case in QPPV evaluation').toBeDefined();
  if (!demo) return;
  const encuesta = NARANJO_QUESTION_KEYS.map((Key, index) => ({ Key, Respuesta: ANSWERS[index] ?? 3, LeidoFabricante: false, LeidoQPPV: true, RevisadoQPPV: false, ComentarioQPPV: null }));
  await apiPost(page, token, 'setImputEvaluation', { er: demo.Meta, encuesta, comentario: null });
  await apiPost(page, token, 'sendAccion', { Event: { Accion: 'Imputable', Event: demo.Meta, Comments: 'Relación causal probable, se notifica' } });

  await page.goto(`/reportableEvent/${demo.Meta}/view/details`);
  await expect(page.getByTestId('event-status')).toHaveText('Cerrado imputable');
  await page.getByRole('tab', { name: 'Envíos E2B', exact: true }).click();
  await expect(page).toHaveURL(/\/view\/e2b$/);
  await expect(page.getByText('No se encontraron envíos E2B asociados')).toBeVisible();

  // Generar E2B for EudraVigilance (the first receiver of Configuración, preselected).
  await expect(page.getByRole('combobox', { name: 'Receptor' })).toHaveValue(/EVHUMAN/);
  await page.getByRole('button', { name: 'Generar E2B' }).click();
  const table = page.getByRole('table', { name: 'Envíos E2B' });
  const row = table.getByRole('row').filter({ hasText: 'EVHUMAN' });
  await expect(row.getByTestId('e2b-status')).toHaveText('Generado', { timeout: 20_000 });
  await expect(page.getByText(/No se verificó el esquema XSD de ICH/)).toBeVisible();
  const [submission] = await apiGet<E2bSubmission[]>(page, token, `listE2B/${encodeURIComponent(demo.Meta)}`);
  expect(submission).toBeDefined();
  if (!submission) return;
  if (submission.OrigenVersionMedDRA === 'setting') {
    expect(submission.VersionMedDRA).toBe('27.1');
    await expect(row).toContainText('MedDRA 27.1 (versión de reserva de Configuración)');
  } else {
    await expect(row).toContainText(`MedDRA ${submission.VersionMedDRA} (versión importada)`);
  }

  // Download: the stored batch, its SHA-256 as the table shows it.
  await expect(row).toContainText(submission.Sha256.slice(0, 12));
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /Descargar XML de la versión 1 para EVHUMAN/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`E2B-${demo.NumeroReferencia}-v1-EVHUMAN.xml`);
  const xml = readFileSync(await download.path(), 'utf8');
  expect(xml).toContain('<MCCI_IN200100UV01');
  expect(xml).toContain(submission.Lote);
  expect(xml).toContain(`codeSystemVersion="${submission.VersionMedDRA}"`);

  // Marcar como enviado, then the receiver's ACK.
  await expect(page.getByRole('button', { name: 'Subir ACK' })).toBeDisabled();
  await row.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(row.getByTestId('e2b-status')).toHaveText('Enviado');
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Subir ACK' }).click();
  const chooser = await choosing;
  await chooser.setFiles({ name: 'ack-evhuman.xml', mimeType: 'application/xml', buffer: Buffer.from(ackFor(submission), 'utf8') });
  await expect(row.getByTestId('e2b-status')).toHaveText('ACK aceptado');
  await expect(row).toContainText('Report Loaded Successfully');
  await expect(page.getByText(`Acuse de recibo del lote ${submission.Lote} (AA)`)).toBeVisible();
});

test('an ADMIN adds an E2B receiver in Configuración, is told why a duplicate is refused, and removes it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, 'admin@demo.atalaya', '/adminusers');
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: 'Receptores E2B' });
  await expect(panel.getByRole('cell', { name: 'ZZFDA', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Intercambio E2B(R3)' }).getByLabel(/Versión de MedDRA de reserva/)).toHaveValue('27.1');

  await panel.getByLabel('Identificador del receptor').fill('evhuman');
  await panel.getByLabel('Nombre del receptor').fill('Otra EMA');
  await panel.getByRole('button', { name: 'Agregar receptor' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Ya existe un receptor con el identificador EVHUMAN');

  await panel.getByLabel('Identificador del receptor').fill('AEMPS');
  await panel.getByLabel('Nombre del receptor').fill('AEMPS España');
  await panel.getByRole('button', { name: 'Agregar receptor' }).click();
  const row = panel.getByRole('row').filter({ hasText: 'AEMPS España' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Eliminar AEMPS' }).click();
  await expect(row).toHaveCount(0);
});
