import { expect, test } from '@playwright/test';
import { signInAt } from '../support/session';

test('on a phone the Parameters screen is one column and a row is added by touch', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAt(page, 'admin@demo.atalaya', '/adminusers');
  await page.goto('/parameters');
  await expect(page.getByRole('heading', { name: 'Parametros', level: 1 })).toBeVisible();

  // One column: the second table starts below the first.
  const first = await page.getByRole('region', { name: 'Paises', exact: true }).boundingBox();
  const second = await page.getByRole('region', { name: 'PaisOrigen', exact: true }).boundingBox();
  expect(first && second && second.y >= first.y + first.height).toBe(true);
  expect(first && second && Math.abs(second.x - first.x) < 2).toBe(true);

  const origin = page.getByRole('region', { name: 'PaisOrigen', exact: true });
  const name = `Tierra ${testInfo.project.name} ${Date.now()}`;
  await origin.getByRole('button', { name: 'Agregar elemento a PaisOrigen' }).tap();
  await origin.getByLabel('Nombre').fill(name);
  await origin.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText('Creado correctamente')).toBeVisible();
  const row = origin.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Deshabilitar ${name}` }).tap();
  await expect(page.getByText('Deshabilitado correctamente')).toBeVisible();
});
