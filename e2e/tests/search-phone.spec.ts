import { expect, test } from '@playwright/test';
import { pickFilter, resultsPager, sentCasesOf } from '../support/search';
import { signIn } from '../support/session';

/**
 * Issue 16 §2, §6: on a phone (the 'phone' project's touch profile, 390 px wide) the search
 * lists cards coloured by alert level, each with its actions, instead of a table.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

test('the search lists cards on a 390 px phone', async ({ page, browser }) => {
  const [reference] = await sentCasesOf(browser, 'Ibuterra 400', 1);

  await signIn(page, 'cl@demo.atalaya');
  await expect(page).toHaveURL(/\/eventsearch\?/);
  expect(await page.evaluate(() => window.innerWidth)).toBe(390);
  await pickFilter(page, 'Fabricante (laboratorio)', 'Laboratorio Terramar');
  await pickFilter(page, 'Producto', 'Ibuterra 400');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();

  // The filters fold away to show the list; the toggle brings them back.
  await expect(page.getByRole('button', { name: 'Mostrar filtros' })).toBeVisible();
  const card = page.getByRole('article', { name: `Evento ${reference}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole('table', { name: 'Eventos reportables' })).toHaveCount(0);
  // A case just sent, in time: its card's edge is the 'success' colour.
  await expect(card).toHaveAttribute('data-tone', 'green');
  await expect(card.getByRole('link', { name: `Abrir el evento ${reference}` })).toBeVisible();
  await expect(resultsPager(page).getByText('Página 1 de 1')).toBeVisible();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Mostrar filtros' }).click();
  await expect(page.getByRole('combobox', { name: 'Producto', exact: true })).toHaveValue('Ibuterra 400');
});
