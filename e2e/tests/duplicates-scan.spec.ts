import { expect, test } from '@playwright/test';
import { signInAt } from '../support/session';

/**
 * Issue 31 (docs/duplicates.md 'The stored pairs and the whole-database scan'): the QPPV's
 * 'Duplicados' screen starts the whole-database scan, shows its progress and then its outcome,
 * and lists the stored pairs (or says there are none); an RLF has no such screen.
 */
test.describe.configure({ timeout: 180_000 });

test("the QPPV's 'Buscar en todo el registro' runs the scan in the background and lists the stored pairs", async ({ page }) => {
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/duplicates');
  await expect(page.getByRole('heading', { name: 'Duplicados', level: 1 })).toBeVisible();
  const start = page.getByRole('button', { name: 'Buscar en todo el registro' });
  await expect(start).toBeEnabled({ timeout: 30_000 });
  await start.click();
  const state = page.getByTestId('duplicate-scan');
  // Pending or running first (the button waits), then done with the cases it walked.
  await expect(state).toBeVisible({ timeout: 15_000 });
  await expect(state).toHaveAttribute('data-status', 'S', { timeout: 120_000 });
  await expect(state).toContainText(/Última búsqueda en todo el registro: \d+ casos revisados/);
  await expect(start).toBeEnabled();
  // The list: the stored pairs (each with its two cases and score), or the empty message.
  const pairs = page.getByTestId('duplicate-pair');
  const none = page.getByText('No se encontraron posibles duplicados');
  await expect(pairs.first().or(none)).toBeVisible({ timeout: 15_000 });
  if ((await pairs.count()) > 0) await expect(pairs.first()).toContainText(/Puntaje|\d/);
});

test("an RLF has no 'Duplicados' screen", async ({ page }) => {
  await signInAt(page, 'rlf@demo.atalaya', '/workflow');
  await expect(page.getByRole('link', { name: 'Duplicados' })).toHaveCount(0);
});
