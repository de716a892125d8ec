import { expect, test } from '@playwright/test';
import { openUserMenu, solveCaptcha, signInAt } from '../support/session';

test('signed in: the form shows the spec messages and the server error under the old password', async ({ page }) => {
  await signInAt(page, 'cl@demo.atalaya', '/eventsearch');
  const drawer = await openUserMenu(page);
  await drawer.getByRole('link', { name: 'Cambiar contraseña' }).click();
  await expect(page).toHaveURL(/\/changepassword$/);

  const submit = page.getByRole('button', { name: 'Cambiar contraseña' });
  await submit.click();
  await expect(page.getByText('Debe ingresar una contraseña')).toBeVisible();
  await expect(page.getByText('La contraseña debe tener más de 6 caracteres')).toBeVisible();

  await page.getByLabel('Contraseña actual').fill('no-es-la-actual');
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva.2026');
  await page.getByLabel('Repetir nueva contraseña').fill('Otra.2026');
  await page.getByLabel('Repetir nueva contraseña').press('Enter');
  await expect(page.getByText('Las contrseñas nuevas deben coincidir')).toBeVisible();

  await page.getByLabel('Repetir nueva contraseña').fill('Nueva.2026');
  await solveCaptcha(page);
  await page.getByLabel('Repetir nueva contraseña').press('Enter');
  await expect(page.getByText('La contraseña actual no es correcta')).toBeVisible();
  await expect(page.getByText('ERROR_1')).toHaveCount(0);
});

test('from a reset link: no old password, and an invalid link is reported', async ({ page }) => {
  await page.goto('/changepassword?token=enlace-que-no-existe');
  await expect(page.getByLabel('Contraseña actual')).toHaveCount(0);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva.2026');
  await page.getByLabel('Repetir nueva contraseña').fill('Nueva.2026');
  await page.getByLabel('Repetir nueva contraseña').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'El enlace para cambiar la contraseña no es válido o expiró' })).toBeVisible();
});

test('signed out without a reset link: the login screen', async ({ page }) => {
  await page.goto('/changepassword');
  await expect(page).toHaveURL(/\/login$/);
});
