import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe';

/**
 * Issue 20 §1, §2: the landing page on a phone ('phone' project: Pixel 7, touch) and the first
 * tap of every reporter, '¿Es usted profesional de la salud?': both answers legible (no contrast
 * violation) and of equal weight.
 */

test('la página de inicio entra en el teléfono y el «Sí» y el «No» del primer paso se leen igual de bien', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const report = page.getByRole('button', { name: 'Reportar una reacción adversa' });
  await report.tap();

  const start = page.getByRole('dialog', { name: 'Reportar una reacción adversa' });
  const yes = start.getByRole('button', { name: 'Sí', exact: true });
  const no = start.getByRole('button', { name: 'No', exact: true });
  await expect(yes).toBeVisible();
  await expect(no).toBeVisible();
  const contrast = await axeViolations(page, { runOnly: { type: 'rule', values: ['color-contrast'] } }, { include: '[role="dialog"]' });
  expect(contrast.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual([]);

  // Equal weight: the same colours, border and type for both answers.
  const look = (button: typeof yes) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element);
      const label = getComputedStyle(element.querySelector('.mantine-Button-label') ?? element);
      return [style.backgroundColor, style.borderColor, label.color, label.fontWeight, label.fontSize].join(' ');
    });
  expect(await look(no)).toBe(await look(yes));

  await no.tap();
  await expect(page.getByRole('dialog', { name: 'Reporte de paciente o familiar' })).toBeVisible();
});
