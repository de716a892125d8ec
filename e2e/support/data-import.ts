import { expect, type Locator, type Page } from '@playwright/test';
import { signIn } from './session';

/** Helpers for 'Importación de datos' (/dataimport; platform spec §2; issue 19). */

export const ADMIN = 'admin@demo.atalaya';
export type ImportKind = 'meddra' | 'data';

const LIST_NAMES: Record<ImportKind, string> = { meddra: 'Importaciones de MedDRA', data: 'Importaciones de productos' };
const UPLOAD_CALLS: Record<ImportKind, string> = { meddra: 'uploadmeddra', data: 'uploaddata' };

/** Signs the demo ADMIN in and opens the screen. */
export async function openDataImport(page: Page): Promise<void> {
  await signIn(page, ADMIN, { expectUrl: '/adminusers' });
  await page.goto('/dataimport');
  await expect(page.getByRole('heading', { level: 1, name: 'Importación de datos' })).toBeVisible({ timeout: 30_000 });
}

export function panel(page: Page, name: 'Productos' | 'MedDRA'): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** One import of a list: its table row on a wide window, its card on a phone. */
export function importEntry(page: Page, kind: ImportKind, code: string): Locator {
  const name = LIST_NAMES[kind];
  const row = page.getByRole('table', { name, exact: true }).getByRole('row').filter({ hasText: code });
  const card = page.getByRole('list', { name, exact: true }).getByRole('article', { name: `Importación ${code}`, exact: true });
  return row.or(card);
}

/** The list of a kind, whichever form it has (table or cards). */
export function importList(page: Page, kind: ImportKind): Locator {
  const name = LIST_NAMES[kind];
  return page.getByRole('table', { name, exact: true }).or(page.getByRole('list', { name, exact: true }));
}

/**
 * Presses the form's Importar (`submit`) and answers the new import's code. The browser tests
 * share one server and only one import of a kind runs at a time: while another spec's import is
 * running the server answers 409 (shown as a notice) and the form keeps its file, so the
 * person waits a moment and presses Importar again.
 */
export async function submitImport(page: Page, kind: ImportKind, submit: () => Promise<void>): Promise<string> {
  const call = `/api/${UPLOAD_CALLS[kind]}`;
  for (let attempt = 1; ; attempt += 1) {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === call && response.request().method() === 'POST');
    await submit();
    const response = await answer;
    if (response.status() === 409 && attempt < 20) {
      await page.waitForTimeout(3_000);
      continue;
    }
    expect(response.status(), `${call} → ${response.status()} ${await response.text()}`).toBe(200);
    const entry = (await response.json()) as { code_import: string; status: string };
    expect(entry.status).toBe('P');
    return entry.code_import;
  }
}

/** Waits until the import shows `status` ('Correcto', 'Error'…): the hub or the 10 s poll brings it. */
export async function expectImportStatus(entry: Locator, status: string, timeout = 60_000): Promise<void> {
  await expect(entry.getByTestId('import-status').first()).toHaveText(status, { timeout });
}

/** The import's progress bar, announced as 'Progreso de {code}'. */
export function progressOf(entry: Locator, code: string): Locator {
  return entry.getByRole('progressbar', { name: `Progreso de ${code}` });
}

/** DD/MM/YYYY of a day `daysAgo` before today (the wizard's date fields). */
export function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
