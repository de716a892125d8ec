import { expect, test } from '@playwright/test';
import { draftCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { advance, choose, currentStep, field } from '../support/wizard';

/**
 * Issue 20 §3, §4 on a phone (the 'phone' project: Pixel 7, touch): the wizard shows one line
 * 'Paso n de 8 · {step}' with a menu of the steps instead of the eight headers; the patient's
 * height is checked in its unit, and a pasted '1.65' reads 1,65.
 */

const RLF = 'rlf@demo.atalaya';
const HEIGHT_RANGE = 'La altura debe estar entre 0,20 y 2,75 m (20 a 275 cm)';

test('the wizard on a phone: a compact stepper, and the height checked in its unit', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const { meta } = await draftCase(page, token);
  await page.goto(`/reportableEvent/${meta}/edit/`);

  await expect(currentStep(page)).toHaveText('Paso 1 de 8 · Datos del paciente');
  const stepper = page.getByTestId('wizard-step').locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
  expect((await stepper.boundingBox())?.height ?? 0).toBeLessThan(120);
  await expect(page.getByText('Medicamentos anteriores')).toHaveCount(0);

  // 165 in metres is not a height; in centimetres it is.
  const height = field(page, 'Altura');
  await height.fill('165');
  await height.blur();
  await expect(page.getByText(HEIGHT_RANGE)).toBeVisible();
  await choose(page, page, 'Unidad de altura', 'Centímetros');
  await expect(page.getByText(HEIGHT_RANGE)).toHaveCount(0);
  await choose(page, page, 'Unidad de altura', 'Metros');
  await expect(page.getByText(HEIGHT_RANGE)).toBeVisible();

  // A height pasted with a dot keeps its decimals.
  await height.fill('');
  await height.evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text', '1.65');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(height).toHaveValue('1,65');
  await height.blur();
  await expect(page.getByText(HEIGHT_RANGE)).toHaveCount(0);

  // The menu reaches the steps the full stepper's headers would: earlier ones and the next one.
  await advance(page);
  await expect(currentStep(page)).toHaveText('Paso 2 de 8 · Origen del reporte');
  await page.getByRole('button', { name: 'Ir a un paso' }).click();
  await expect(page.getByRole('menuitem', { name: 'Datos del paciente' })).toBeEnabled();
  await expect(page.getByRole('menuitem', { name: 'Medicamento(s)' })).toBeEnabled();
  await expect(page.getByRole('menuitem', { name: 'Contacto médico' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Datos del paciente' }).click();
  await expect(currentStep(page)).toHaveText('Paso 1 de 8 · Datos del paciente');
  await expect(height).toHaveValue('1,65');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
