import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/demo-users';
import { signIn, solveCaptcha } from '../support/session';

// Runs in the 'lock' project: its server has a 0.3-minute session timeout (two 9 s idle stages).
const STAGE = { timeout: 20_000 };
// The two tests, on two users, run side by side: each mostly waits for the idle stages.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

test('inactivity warns, then locks; the password unlocks the same screen', async ({ page }) => {
  await signIn(page, 'rlf@demo.atalaya', { expectUrl: '/workflow' });
  await page.getByRole('link', { name: 'Indicadores' }).click();
  await expect(page).toHaveURL(/\/indicators$/);

  await expect(page.getByText('Su sesión se bloqueará por inactividad')).toBeVisible(STAGE);
  const lock = page.getByRole('dialog', { name: 'Sesión bloqueada' });
  await expect(lock).toBeVisible(STAGE);
  await expect(lock.getByText('rlf@demo.atalaya')).toBeVisible();

  const unlock = lock.getByRole('button', { name: 'Desbloquear' });
  await lock.getByLabel('Contraseña').fill('equivocada');
  await solveCaptcha(lock);
  await expect(unlock).toBeEnabled();
  await unlock.click();
  await expect(lock.getByText('contraseña incorrecta')).toBeVisible();

  await lock.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await solveCaptcha(lock);
  await expect(unlock).toBeEnabled();
  await unlock.click();
  await expect(lock).toBeHidden();
  await expect(page).toHaveURL(/\/indicators$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Indicadores' })).toBeVisible();
});

test('a reload of a locked tab stays locked', async ({ page }) => {
  await signIn(page, 'qppv@demo.atalaya', { expectUrl: '/workflow' });
  const lock = page.getByRole('dialog', { name: 'Sesión bloqueada' });
  await expect(lock).toBeVisible({ timeout: 2 * STAGE.timeout });
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Sesión bloqueada' })).toBeVisible();
});
