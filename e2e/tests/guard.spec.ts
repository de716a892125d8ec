import { expect, test } from '@playwright/test';
import { sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';

test.describe('signed out', () => {
  test('an internal route sends the visitor to the landing page', async ({ page }) => {
    await page.goto('/workflow');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Ingresar' }).first()).toBeVisible();
  });

  test('an unknown path sends the visitor to the landing page', async ({ page }) => {
    await page.goto('/no-existe/tampoco');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the landing page leads to the login screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Ingresar' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Ingresar' })).toBeVisible();
  });
});

test.describe('signed in', () => {
  test('a route outside the user list sends RLF back to its home URL', async ({ page }) => {
    await signInAt(page, 'rlf@demo.atalaya', '/workflow');
    await page.goto('/adminusers');
    await expect(page).toHaveURL(/\/workflow$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tareas' })).toBeVisible();
  });

  test('ADMIN, who has no tasks screen, is sent from /workflow to its home URL', async ({ page }) => {
    await signInAt(page, 'admin@demo.atalaya', '/adminusers');
    await page.goto('/workflow');
    // Its home, the users screen, which goes on to the admin's own path.
    await expect(page).toHaveURL(/\/adminusers(\/[^/]+)?$/);
  });

  test('an unknown path goes to the home URL, and a reload keeps the session', async ({ page }) => {
    await signInAt(page, 'rlf@demo.atalaya', '/workflow');
    await page.goto('/no-existe');
    await expect(page).toHaveURL(/\/workflow$/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
    await expect(page).toHaveURL(/\/workflow$/);
  });

  test('route parameters reach the screen, whatever the case of the path', async ({ page }) => {
    await signInAt(page, 'rlf@demo.atalaya', '/workflow');
    const { meta, reference } = await sentCase(page, await accessToken(page, 'rlf@demo.atalaya'));
    await page.goto(`/REPORTABLEEVENT/${meta}/view/operations`);
    await expect(page.getByRole('heading', { level: 1, name: `Evento Reportable: ${reference}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Operaciones', selected: true })).toBeVisible();
  });
});
