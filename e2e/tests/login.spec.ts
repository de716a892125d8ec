import { expect, test } from '@playwright/test';
import { solveCaptcha, signIn } from '../support/session';

test('the login button waits for the robot check', async ({ page }) => {
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Ingresar', exact: true });
  await expect(button).toBeDisabled();
  await page.getByLabel('Correo electrónico').fill('rlf@demo.atalaya');
  await page.getByLabel('Correo electrónico').press('Enter');
  await expect(page.getByText('Debe marcar la casilla --No soy un robot--')).toBeVisible();
  await solveCaptcha(page);
  await expect(button).toBeEnabled();
  await expect(page.getByText('Debe marcar la casilla --No soy un robot--')).toBeHidden();
});

test('empty and malformed fields show the spec messages', async ({ page }) => {
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Ingresar', exact: true });
  await solveCaptcha(page);
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText('Debe ingresar un correo electrónico')).toBeVisible();
  await expect(page.getByText('Debe ingresar una contraseña')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
  await page.getByLabel('Correo electrónico').press('Enter');
  await expect(page.getByText('El formato no es correcto')).toBeVisible();
});

test('a wrong password is refused with the spec message and a fresh robot check', async ({ page }) => {
  await signIn(page, 'qppv@demo.atalaya', { password: 'equivocada' });
  await expect(page.getByRole('alert').filter({ hasText: 'Usuario y contraseña incorrectos' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeDisabled();
});

test("'Olvidé mi contraseña' flips to the reset panel; Esc closes it", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Olvidé mi contraseña' }).click();
  await expect(page.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Enviar enlace' });
  await expect(send).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Ingresar' })).toBeVisible();
});

test('the reset panel confirms without telling whether the account exists', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Olvidé mi contraseña' }).click();
  await page.getByLabel('Correo electrónico').fill('nadie@demo.atalaya');
  const send = page.getByRole('button', { name: 'Enviar enlace' });
  await solveCaptcha(page);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Si el correo está registrado, recibirá un enlace para restablecer la contraseña')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ingresar' })).toBeVisible();
});

test('the close link goes back to the site root', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Cerrar' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('signing out ends the session for good', async ({ page }) => {
  await signIn(page, 'rlf@demo.atalaya', { expectUrl: '/workflow' });
  const drawer = page.getByRole('button', { name: 'Menú de usuario' });
  await drawer.click();
  const panel = page.getByRole('dialog', { name: 'Mi cuenta' });
  await expect(panel.getByText('rlf@demo.atalaya')).toBeVisible();
  await expect(panel.getByText(/versión 0\.1\.85/)).toBeVisible();
  await panel.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/workflow');
  await expect(page).toHaveURL(/\/$/);
});
