import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiPost, draftCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { choose, pickRadio, SMALL_PDF, typeDate } from '../support/wizard';

/**
 * Issue 6: the RAM and Recuperacion tabs of the event view. The RLF classifies the reaction
 * and records its local notification with the proof, after the unsaved-changes warning; the
 * QPPV records the provider notification, which the RLF cannot; the RLF who created the case
 * records the product's recovery, which a QPPV who did not create it only reads.
 */

const RLF = 'rlf@demo.atalaya';
const QPPV = 'qppv@demo.atalaya';

async function pageAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, email, '/workflow');
  return page;
}

/** The date of `days` ago as DD/MM/YYYY. */
function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  return `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
}

test('RAM classification and product recovery from the event view', async ({ browser }) => {
  test.setTimeout(180_000);
  const rlf = await pageAs(browser, RLF);
  const token = await accessToken(rlf, RLF);
  const { meta } = await draftCase(rlf, token, { product: 'Pampril 5' });
  await apiPost(rlf, token, 'insertER', { Event: { Meta: meta }, comentario: 'Enviado para calificar' });

  // RLF: the RAM tab lists the reaction, not classified yet.
  await rlf.goto(`/reportableEvent/${meta}/view/ram`);
  const card = rlf.getByRole('region', { name: 'Evento adverso: Cefalea' });
  await expect(card.getByText('Tipo de RAM')).toBeVisible();
  await card.getByRole('button', { name: 'Calificar: Cefalea' }).click();
  let dialog = rlf.getByRole('dialog', { name: 'Calificación RAM: Cefalea' });
  await expect(dialog).toBeVisible();

  // A change, then Cancelar: the spec's warning; 'Cancelar' there keeps the modal.
  await pickRadio(dialog, '¿Es esperado?', 'No');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  const warning = rlf.getByRole('dialog', { name: 'Cambios sin guardar' });
  await expect(warning.getByText('¡Se perderán los cambios en la calificación RAM sí continúa!')).toBeVisible();
  await warning.getByRole('button', { name: 'Cancelar' }).click();
  await expect(warning).toBeHidden();
  await expect(dialog).toBeVisible();

  // The provider's notification is the QPPV's: disabled for the RLF.
  const provider = dialog.getByRole('group', { name: 'Notificación al proveedor' });
  await expect(provider.getByRole('checkbox', { name: 'Notificado' })).toBeDisabled();

  await choose(dialog, rlf, 'Tipo de RAM', /^Tipo II/);
  await dialog.getByRole('checkbox', { name: 'Requirió hospitalización' }).check();
  await typeDate(dialog, 'Inicio de la hospitalización', daysAgo(6));
  await typeDate(dialog, 'Fin de la hospitalización', daysAgo(4));
  const local = dialog.getByRole('group', { name: 'Notificación a la autoridad sanitaria local' });
  await local.getByRole('checkbox', { name: 'Notificado' }).check();
  // Saving a notification without its date shows why, and saves nothing.
  await dialog.getByRole('button', { name: 'Guardar calificación' }).click();
  await expect(local.getByText('Debe indicar la fecha de la notificación')).toBeVisible();
  await typeDate(local, 'Fecha de notificación', daysAgo(3));
  await choose(local, rlf, 'Vía de comunicación', 'Portal web de la autoridad sanitaria');
  await local.locator('input[type="file"]').setInputFiles({ name: 'acuse-msp.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
  await dialog.getByRole('textbox', { name: 'Comentario' }).fill('Requirió internación breve');
  await dialog.getByRole('button', { name: 'Guardar calificación' }).click();
  await expect(dialog).toBeHidden();
  // Confirmed like every other save of the view.
  await expect(rlf.getByText('Calificación guardada')).toBeVisible();

  await expect(card.getByText('RAM Tipo II')).toBeVisible();
  await expect(card.getByText('Grave', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Descargar acuse-msp.pdf' })).toBeVisible();
  const download = rlf.waitForEvent('download');
  await card.getByRole('button', { name: 'Descargar acuse-msp.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('acuse-msp.pdf');

  // The Operaciones tab tells it, with the comment.
  await rlf.getByRole('tab', { name: 'Operaciones', exact: true }).click();
  await expect(rlf.getByRole('cell', { name: 'Calificación RAM actualizada (Cefalea)' }).first()).toBeVisible();

  // QPPV: records the notification to the provider.
  const qppv = await pageAs(browser, QPPV);
  await qppv.goto(`/reportableEvent/${meta}/view/ram`);
  const qppvCard = qppv.getByRole('region', { name: 'Evento adverso: Cefalea' });
  await qppvCard.getByRole('button', { name: 'Calificar: Cefalea' }).click();
  dialog = qppv.getByRole('dialog', { name: 'Calificación RAM: Cefalea' });
  const qppvProvider = dialog.getByRole('group', { name: 'Notificación al proveedor' });
  await qppvProvider.getByRole('checkbox', { name: 'Notificado' }).check();
  await typeDate(qppvProvider, 'Fecha de notificación', daysAgo(2));
  await choose(qppvProvider, qppv, 'Vía de comunicación', 'Correo electrónico');
  await dialog.getByRole('button', { name: 'Guardar calificación' }).click();
  await expect(dialog).toBeHidden();
  await expect(qppvCard.getByText(`${daysAgo(2)} · Correo electrónico`)).toBeVisible();

  // RLF (the creator): records the recovery of the suspect product with its proof.
  await rlf.goto(`/reportableEvent/${meta}/view/recovery`);
  const form = rlf.getByRole('form', { name: 'Recuperación del producto Pampril 5' });
  await pickRadio(form, '¿Se dispone del producto?', 'Sí');
  await typeDate(form, 'Fecha de recuperación', daysAgo(1));
  await form.getByRole('textbox', { name: 'Nombre del contacto' }).fill('Ana Pereira');
  await form.getByRole('textbox', { name: 'Cantidad recuperada' }).fill('12 comprimidos');
  await form.locator('input[type="file"]').setInputFiles({ name: 'acta-retiro.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
  await form.getByRole('button', { name: 'Guardar recuperación' }).click();
  await expect(rlf.getByText('Recuperación guardada')).toBeVisible();
  await expect(rlf.getByText('Producto recuperado')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Descargar acta-retiro.pdf' })).toBeVisible();

  // QPPV (not the creator): reads it, cannot change it.
  await qppv.goto(`/reportableEvent/${meta}/view/recovery`);
  await expect(qppv.getByText('Solo el QPPV que creó el evento puede modificar la recuperación del producto.')).toBeVisible();
  const qppvForm = qppv.getByRole('form', { name: 'Recuperación del producto Pampril 5' });
  await expect(qppvForm.getByRole('textbox', { name: 'Nombre del contacto' })).toHaveValue('Ana Pereira');
  await expect(qppvForm.getByRole('textbox', { name: 'Nombre del contacto' })).toBeDisabled();
  await expect(qppvForm.getByRole('button', { name: 'Guardar recuperación' })).toHaveCount(0);
});
