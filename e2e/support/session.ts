import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Challenge } from 'altcha-lib/v1/types';
import { solvedCaptchaPayload } from '../../apps/server/src/faces/e2e';
import { DEMO_PASSWORD } from './demo-users';

/** Ticks the ALTCHA robot check inside `scope` and waits for the solved payload. */
export async function solveCaptcha(scope: Page | Locator): Promise<void> {
  await scope.getByText('No soy un robot', { exact: true }).click();
  await expect(scope.locator('altcha-widget input[name="altcha"]')).toHaveValue(/.+/, { timeout: 30_000 });
}

/**
 * Solves a `GET /api/captcha` challenge as the server's tests solve theirs (a synchronous hash per
 * number: altcha-lib's awaited WebCrypto digest per number cost the Playwright worker 0.9 s of CPU
 * a sign-in) and answers the payload for the `recaptcha-token` header.
 */
async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/captcha');
  expect(response.ok()).toBe(true);
  return solvedCaptchaPayload((await response.json()) as Challenge);
}

/**
 * Signs in through the API (`POST /api/login`, the password grant with a solved captcha) and
 * answers the access token. The refresh cookie lands in the page's browser context, and the page's
 * next load finds the hint the login screen leaves in localStorage (the app asks for a refresh only
 * with it): the page starts signed in, wherever it goes next. For the specs whose subject is not
 * the login screen: a data set-up that only needs a token (no page rendered at all), or a spec that
 * opens a screen straight away. The login screen itself is signed through by `signIn`.
 */
export async function apiSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await page.request.post('/api/login', {
    form: { grant_type: 'password', username: email, password },
    headers: { 'recaptcha-token': await solvedCaptcha(page.request) },
  });
  expect(response.ok(), `sign-in of ${email}: ${response.status()} ${await response.text()}`).toBe(true);
  // Once per sign-in: a later sign-out clears the hint, as the app's own sign-out does.
  await page.addInitScript((mark) => {
    try {
      if (sessionStorage.getItem('e2e.signedInHint') === mark) return;
      sessionStorage.setItem('e2e.signedInHint', mark);
      localStorage.setItem('atalaya.signedIn', '1');
    } catch {
      // about:blank has no storage.
    }
  }, `${email}:${Date.now()}:${Math.random()}`);
  return ((await response.json()) as { access_token: string }).access_token;
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

/**
 * Signed in through the API, then opens `path` (a user's home: '/workflow', '/adminusers'…) as a
 * page load that finds the session cookie. For the specs whose subject starts on a screen past the
 * login: the login screen's own flow, the landing after it and the terms are `signIn`'s.
 */
export async function signInAt(page: Page, email: string, path: string, options: { password?: string } = {}): Promise<void> {
  await apiSignIn(page, email, options.password);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
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
