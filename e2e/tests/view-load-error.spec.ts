import { expect, test } from '@playwright/test';
import { draftCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';

/**
 * Issue 14 §8: the event view does not spin forever when the case cannot be loaded for a
 * reason other than 404: it offers 'Reintentar', like the wizard, and retrying opens the case.
 */
test('the event view offers Reintentar when the case fails to load, and retrying opens it', async ({ page }) => {
  await signInAt(page, 'rlf@demo.atalaya', '/workflow');
  const token = await accessToken(page, 'rlf@demo.atalaya');
  const { meta, reference } = await draftCase(page, token);

  let failing = true;
  // The view opens with getERViewByMeta and, when that fails, asks getERByMeta as before: both fail here.
  for (const call of ['getERViewByMeta', 'getERByMeta']) {
    await page.route(`**/api/${call}/${meta}`, async (route) => {
      if (failing) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ Message: 'Error interno' }) });
      else await route.continue();
    });
  }

  await page.goto(`/reportableEvent/${meta}/view/details`);
  const panel = page.getByRole('alert').filter({ hasText: 'No se pudo cargar el evento reportable' });
  await expect(panel).toBeVisible();
  failing = false;
  await panel.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();
  await expect(page.getByTestId('event-status')).toBeVisible();
});
