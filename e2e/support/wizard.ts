import { expect, type Locator, type Page } from '@playwright/test';

/** Helpers for the edit wizard's browser tests (event spec §2.4). */

/** Opens a Mantine select by its label and picks the option. */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A text, number, date or typeahead input by its accessible name (a required field's asterisk is not part of it). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true }).or(scope.getByRole('combobox', { name: label, exact: true }));
}

/** Picks a radio inside the radio group with that label. */
export async function pickRadio(scope: Page | Locator, group: string, option: string): Promise<void> {
  await scope.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option, exact: true }).check();
}

/** Types a DD/MM/YYYY date into a date field and leaves it. */
export async function typeDate(scope: Page | Locator, label: string, ddmmyyyy: string): Promise<void> {
  const input = field(scope, label);
  await input.fill(ddmmyyyy);
  await input.press('Tab');
}

/** The step now shown, by the title of its form. */
export async function expectStep(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('form', { name: title })).toBeVisible({ timeout: 15_000 });
}

export async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Siguiente' }).click();
}

/** The case's Meta from a wizard or view URL. */
export function metaOf(page: Page): string {
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

/** GET an API call as the signed-in user of the page; answers the JSON. */
export async function apiGet<T>(page: Page, token: string, path: string): Promise<T> {
  const response = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} → ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** A small valid PDF (the server checks the content, not only the name). */
export const SMALL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Opens 'Crear Evento Reportable' from the header once the page is ready. */
export async function openCreateDialog(page: Page): Promise<Locator> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Crear Evento Reportable' });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Crear Evento Reportable' }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

/** The step the wizard shows: the full stepper's current header, or on a phone 'Paso n de 8 · {title}'. */
export function currentStep(page: Page): Locator {
  return page.locator('[aria-label="Pasos del asistente"] [aria-current="step"]').or(page.getByTestId('wizard-step'));
}

/**
 * Siguiente once the step has loaded, then waits until the wizard shows the next step: a step is
 * saved before the wizard moves, so clicking again before it moved (a loop of `next`) would be
 * lost on a slow machine.
 */
export async function advance(page: Page): Promise<void> {
  const current = currentStep(page);
  const before = (await current.textContent()) ?? '';
  // A step still loading its data keeps Siguiente disabled (its loader shows; the click waits
  // for it): waiting for the loader to go first keeps the timeouts below the step's own.
  await expect(page.locator('main section[aria-label] [role="status"]')).toHaveCount(0, { timeout: 30_000 });
  await next(page);
  await expect(current).not.toHaveText(before, { timeout: 30_000 });
}
