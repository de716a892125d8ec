import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';

/** Ticks the ALTCHA robot check inside `scope` and waits for the solved payload. */
export async function solveCaptcha(scope: Page | Locator): Promise<void> {
  await scope.getByText('No soy un robot', { exact: true }).click();
  await expect(scope.locator('altcha-widget input[name="altcha"]')).toHaveValue(/.+/, { timeout: 30_000 });
}

/** Fills the login screen and signs in; waits for the user's home URL when given. */
export async function signIn(page: Page, email: string, options: { password?: string; expectUrl?: string } = {}): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(options.password ?? DEMO_PASSWORD);
  const button = page.getByRole('button', { name: 'Ingresar', exact: true });
  await solveCaptcha(page);
  await button.click();
  // The path, with or without a query string (the search keeps its filters there); the users
  // screen goes on to the signed-in user's own path, /adminusers/{id} (platform spec §2).
  if (options.expectUrl) {
    const ownPath = options.expectUrl === '/adminusers' ? '(/[^/?]+)?' : '';
    await expect(page).toHaveURL(new RegExp(`${options.expectUrl}${ownPath}(\\?.*)?$`, 'i'));
  }
}

export async function openUserMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  const drawer = page.getByRole('dialog', { name: 'Mi cuenta' });
  await expect(drawer).toBeVisible();
  return drawer;
}

export async function signOut(page: Page): Promise<void> {
  const drawer = await openUserMenu(page);
  await drawer.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The path of the current page, e.g. '/workflow'. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
