import { expect, type Page } from '@playwright/test';

/**
 * After 'Ingresar' the RLF stays on Tareas (event spec §4: the page reloads; docs/tasks.md) with
 * a notice offering the new case: this opens it from there, in the wizard. Answers the case's reference.
 */
export async function openEnteredCase(page: Page, options: { tap?: boolean } = {}): Promise<string> {
  const notice = page.getByRole('alert').filter({ hasText: 'Evento reportable creado' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/workflow$/);
  const link = notice.getByRole('link', { name: /^Abrir el evento/ });
  const name = (await link.textContent()) ?? '';
  if (options.tap) await link.tap();
  else await link.click();
  await expect(page).toHaveURL(/\/reportableEvent\/[^/]+\/edit\/?$/i, { timeout: 15_000 });
  return name.replace(/^Abrir el evento\s*/, '').trim();
}
