import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { apiPost, draftCase } from './cases';
import { accessToken } from './public-form';

/**
 * `count` cases of Uruguay with `product` as the suspect medicine, sent into the workflow
 * (status 2) by the demo RLF in a context of its own; answers their references.
 */
export async function sentCasesOf(browser: Browser, product: string, count: number): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const token = await accessToken(page, 'rlf@demo.atalaya');
    const references: string[] = [];
    // A few at a time: quick, without flooding a small machine.
    for (let start = 0; start < count; start += 3) {
      const batch = Array.from({ length: Math.min(3, count - start) }, async () => {
        const draft = await draftCase(page, token, { product });
        await apiPost(page, token, 'insertER', { Event: { Meta: draft.meta }, comentario: 'Enviado para la búsqueda' });
        return draft.reference;
      });
      references.push(...(await Promise.all(batch)));
    }
    return references;
  } finally {
    await context.close();
  }
}

/** Picks an option of a filter picker of the search. */
export async function pickFilter(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The list 'Eventos reportables' as a table (wide window) or as cards (≤ 900 px). */
export function resultsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Eventos reportables' });
}

export function resultsPager(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Páginas de Eventos reportables' });
}

/** Waits until the filters show `value` in the picker `label`. */
export async function expectFilter(page: Page, label: string, value: string): Promise<void> {
  await expect(page.getByRole('combobox', { name: label, exact: true })).toHaveValue(value);
}
