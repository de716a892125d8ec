import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, TERMS_USER } from '../support/demo-users';
import { openUserMenu, signIn, solveCaptcha } from '../support/session';

// One user for the whole file, in order. Declining must come first: once accepted, the terms
// are never asked again.
test.describe.configure({ mode: 'serial' });

test('declining the terms signs the user out', async ({ page }) => {
  await signIn(page, TERMS_USER, { expectUrl: '/workflow' });
  const terms = page.getByRole('dialog', { name: 'Términos y condiciones de uso' });
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/workflow');
  await expect(page).toHaveURL(/\/$/);
});

test('accepting the terms keeps the user in and is remembered', async ({ page }) => {
  await signIn(page, TERMS_USER, { expectUrl: '/workflow' });
  const terms = page.getByRole('dialog', { name: 'Términos y condiciones de uso' });
  await terms.getByRole('button', { name: 'Aceptar' }).click();
  await expect(terms).toBeHidden();
  await expect(page).toHaveURL(/\/workflow$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tareas' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Términos y condiciones de uso' })).toHaveCount(0);
});

test('a signed-in password change signs the user in again with the new password', async ({ page }) => {
  const change = async (from: string, to: string) => {
    const drawer = await openUserMenu(page);
    await drawer.getByRole('link', { name: 'Cambiar contraseña' }).click();
    await page.getByLabel('Contraseña actual').fill(from);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(to);
    await page.getByLabel('Repetir nueva contraseña').fill(to);
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('Contraseña actualizada')).toBeVisible();
    await expect(page).toHaveURL(/\/workflow$/);
  };

  await signIn(page, TERMS_USER, { expectUrl: '/workflow' });
  await change(DEMO_PASSWORD, 'Cambiada.2026');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();

  // Back to the demo password, so the file can run again on the same database.
  await change('Cambiada.2026', DEMO_PASSWORD);
});
