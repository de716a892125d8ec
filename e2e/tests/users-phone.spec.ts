import { expect, test } from '@playwright/test';
import { signInAt } from '../support/session';

/** The users screen on a touch phone (the 'phone' project, Pixel 7): cards, and the panel over the whole width. */
test('on a phone the users are cards and the panel takes the whole width', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, 'admin@demo.atalaya', '/adminusers');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrador de usuarios' })).toBeVisible({ timeout: 30_000 });
  const cards = page.getByRole('list', { name: 'Usuarios' });
  await expect(cards.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Usuarios' })).toHaveCount(0);

  await cards.getByRole('article').first().getByRole('link').tap();
  await expect(page).toHaveURL(/\/adminusers\/[^/]+$/);
  const panel = page.getByRole('dialog', { name: 'Editar usuario' });
  await expect(panel.getByRole('textbox', { name: 'Correo electrónico' })).toBeVisible();
  const viewport = page.viewportSize();
  const box = await panel.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual((viewport?.width ?? 0) - 1);
  await panel.getByRole('button', { name: 'Cancelar' }).tap();
  await expect(page).toHaveURL(/\/adminusers$/);
});
