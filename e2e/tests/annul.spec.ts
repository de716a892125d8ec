import { expect, test } from '@playwright/test';
import { sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';

/**
 * Issue 6 §1, §4: annulling from the event view asks for confirmation with a comment; the case
 * becomes Anulado (11), is shown as cancelled and nothing in it can be changed any more.
 */
test('an RLF annuls a case from its view and the view turns read-only', async ({ page }) => {
  await signInAt(page, 'rlf@demo.atalaya', '/workflow');
  const token = await accessToken(page, 'rlf@demo.atalaya');
  const { meta, reference } = await sentCase(page, token);

  await page.goto(`/reportableEvent/${meta}/view/ram`);
  await expect(page.getByRole('button', { name: 'Calificar: Cefalea' })).toBeEnabled();
  await page.getByRole('button', { name: 'Anular', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Anular evento reportable' });
  await expect(dialog.getByText(`¿Está seguro que desea anular el evento ${reference}?`, { exact: false })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Comentario' }).fill('Notificado por error');
  await dialog.getByRole('button', { name: 'Anular' }).click();

  await expect(page.getByTestId('event-status')).toHaveText('Anulado');
  await expect(page.getByRole('alert').filter({ hasText: 'Este evento reportable fue anulado' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Acciones del evento' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Calificar: Cefalea' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Documentos', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Agregar documento o nota' })).toHaveCount(0);
});
