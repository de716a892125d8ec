import { expect, test } from '@playwright/test';
import { DEMO_ROLES } from '../support/demo-users';
import { signInAt } from '../support/session';

const ADMIN = DEMO_ROLES.find((role) => role.role === 'ADMIN')?.email ?? 'admin@demo.atalaya';

// Issue 29: a reference value without an E2B code gets one in Parámetros ('Código E2B'), checked as the server checks it.
test('an ADMIN gives a new route of administration its E2B code', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const name = `Intraósea ${testInfo.project.name} ${Date.now()}`;
  await signInAt(page, ADMIN, '/adminusers');
  await page.goto('/parameters');
  await expect(page.getByRole('heading', { name: 'Parametros', level: 1 })).toBeVisible({ timeout: 30_000 });
  const routes = page.getByRole('region', { name: 'Via', exact: true });
  await expect(routes.getByRole('columnheader', { name: 'Código E2B' })).toBeVisible({ timeout: 30_000 });
  // The seeded routes carry their code of ICH's route list.
  await expect(routes.getByRole('row').filter({ hasText: 'Oral' }).first().getByRole('cell', { name: '048', exact: true })).toBeVisible();

  // A new route starts without a code.
  await routes.getByRole('button', { name: 'Agregar elemento a Via' }).click();
  await routes.getByLabel('Descripción').fill(name);
  await routes.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Creado correctamente')).toBeVisible();
  const row = routes.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();

  // A code outside the list is refused on the screen, with the server's message.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  await routes.getByLabel('Código E2B').fill('999');
  await routes.getByRole('button', { name: 'Guardar' }).click();
  await expect(routes.getByText('El código E2B «999» no es válido', { exact: false })).toBeVisible();
  await routes.getByLabel('Código E2B').fill('050');
  await routes.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El elemento fue actualizado')).toBeVisible();
  await expect(routes.getByRole('row').filter({ hasText: name }).getByRole('cell', { name: '050', exact: true })).toBeVisible();
});
