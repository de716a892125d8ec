import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../support/data-import';
import { signInAt } from '../support/session';

/**
 * Issue 20 item 6: a list that cannot be read says so inside its frame with 'Reintentar', and
 * retrying shows its rows (the shared ListError of shared/list). The list's call answers 500
 * until the retry.
 */

/** Makes every call matching `url` answer 500 while the returned switch is on. */
async function failing(page: Page, url: string | RegExp): Promise<{ stop(): void }> {
  let on = true;
  await page.route(url, async (route) => {
    if (on) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ Message: 'Error interno' }) });
    else await route.continue();
  });
  return { stop: () => (on = false) };
}

test('the users list offers Reintentar when it fails to load, and retrying shows the users', async ({ page }) => {
  const list = await failing(page, '**/api/getUsersByFilters');
  await signInAt(page, ADMIN, '/adminusers');
  const failure = page.getByRole('alert').filter({ hasText: 'No se pudo cargar la lista.' });
  await expect(failure).toBeVisible();
  list.stop();
  await failure.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('table', { name: 'Usuarios' }).locator('tbody tr').filter({ hasText: ADMIN })).toHaveCount(1);
  await expect(failure).toHaveCount(0);
});

test('the imports list offers Reintentar when it fails to load, and retrying shows the list', async ({ page }) => {
  await signInAt(page, ADMIN, '/adminusers');
  const list = await failing(page, /\/api\/getdataimport(\?.*)?$/);
  await page.goto('/dataimport');
  const products = page.getByRole('region', { name: 'Productos', exact: true });
  const failure = products.getByRole('alert').filter({ hasText: 'No se pudieron cargar' });
  await expect(failure).toBeVisible({ timeout: 30_000 });
  list.stop();
  await failure.getByRole('button', { name: 'Reintentar' }).click();
  await expect(failure).toHaveCount(0);
  await expect(products.getByRole('table').or(products.getByText('No hay importaciones'))).toBeVisible();
});
