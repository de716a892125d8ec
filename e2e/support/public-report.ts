import { expect, type Locator, type Page } from '@playwright/test';
import { solveCaptcha } from './session';

/** A product the demo catalogue sells in Uruguay. */
export const DEMO_PRODUCT_UY = 'Enaltar 10';

export function reportDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Reporte de/ });
}

/** From the landing page: Reportar, then answer the health-professional question. */
export async function startReport(page: Page, isMedic: boolean): Promise<Locator> {
  await page.getByRole('button', { name: 'Reportar una reacción adversa' }).click();
  const start = page.getByRole('dialog', { name: 'Reportar una reacción adversa' });
  await start.getByRole('button', { name: isMedic ? 'Sí' : 'No', exact: true }).click();
  await expect(start).toBeHidden();
  const dialog = reportDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choose(dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await dialog.page().getByRole('option', { name: option, exact: true }).click();
}

export async function next(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Siguiente' }).click();
}

export interface TypedReport {
  initials: string;
  reaction: string;
}

/** Fills steps 1–7 with valid answers and reaches the review step. */
export async function fillReport(dialog: Locator, isMedic: boolean, typed: TypedReport): Promise<void> {
  if (isMedic) {
    await expect(dialog.getByText('Tipo de reporte', { exact: true })).toBeVisible();
    await choose(dialog, 'Tipo de acontecimiento', 'Reacción adversa a medicamento');
    await next(dialog);
  }
  await expect(dialog.getByText('Paso', { exact: false }).first()).toBeVisible();
  await dialog.getByLabel('Iniciales del paciente').fill(typed.initials);
  await dialog.getByRole('radio', { name: 'Femenino' }).check();
  await dialog.getByRole('radio', { name: 'Sí' }).first().check();
  await dialog.getByLabel('Peso').fill('61,5');
  await next(dialog);

  if (isMedic) {
    await dialog.getByRole('combobox', { name: 'Término MedDRA' }).fill('cefal');
    await dialog.page().getByRole('option', { name: 'Cefalea', exact: true }).click();
    await dialog.getByRole('radio', { name: 'Sí' }).check();
  }
  await dialog.getByLabel(/Descripción de la reacción adversa/).fill(typed.reaction);
  await next(dialog);

  await dialog.getByRole('combobox', { name: 'Medicamento / producto sospechoso' }).fill('Enaltar');
  await dialog.page().getByRole('option', { name: DEMO_PRODUCT_UY }).click();
  await dialog.getByLabel('Dosis', { exact: true }).fill('10');
  await next(dialog);

  await dialog.getByLabel('Medicamento', { exact: true }).fill('Ibuprofeno');
  await next(dialog);

  if (isMedic) {
    await dialog.getByRole('radio', { name: 'No sabe' }).check();
  } else {
    await dialog.getByLabel('Nombre').fill('Dra. Suárez');
    await dialog.getByLabel('Profesión').fill('Médica');
  }
  await next(dialog);

  if (isMedic) {
    await dialog.getByLabel('Nombre').fill('Dr. Pérez');
    await dialog.getByLabel('Profesión').fill('Médico internista');
  }
  await dialog.getByLabel('Correo electrónico').fill('reporta@correo.uy');
  await dialog.getByRole('radio', { name: 'Sí' }).check();
  await dialog.getByRole('checkbox', { name: /Leí y acepto/ }).check();
  await next(dialog);
  await expect(dialog.getByText('Revisión y envío')).toBeVisible();
}

/** Solves the captcha of the review step, sends, and answers the identifier shown. */
export async function sendPublicReport(dialog: Locator): Promise<string> {
  const send = dialog.getByRole('button', { name: 'Enviar reporte' });
  await expect(send).toBeDisabled();
  await solveCaptcha(dialog);
  await expect(send).toBeEnabled();
  await send.click();
  const reference = dialog.getByTestId('report-reference');
  await expect(reference).toHaveText(/^RH-\d{4}-\d{6}$/, { timeout: 20_000 });
  return (await reference.textContent()) ?? '';
}

/**
 * A patient's report sent by a signed-in staff user through the API (postreporthomeusuario, no
 * captcha), with the demo product of Uruguay: quicker than the form where the form is not what
 * a test is about. Answers its RH number.
 */
export async function postStaffReport(page: Page, token: string, typed: TypedReport): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const products = await page.request.get('/api/getProductsHomeByCountry/UY');
  expect(products.ok()).toBe(true);
  const product = ((await products.json()) as { Id: number; ComercialName: string }[]).find((candidate) => candidate.ComercialName === DEMO_PRODUCT_UY);
  if (!product) throw new Error(`${DEMO_PRODUCT_UY} is not offered in UY`);
  const response = await page.request.post('/api/postreporthomeusuario', {
    headers,
    data: {
      isMedic: false,
      Tipo: { Pais: 'UY' },
      Paciente: { Pais: 'UY', Iniciales: typed.initials, Sexo: 'M' },
      RAM: [{ Reaccion: typed.reaction }],
      Medicamento: [{ Producto: { Id: product.Id, ComercialName: product.ComercialName } }],
      Concomitante: [],
      ContactoMedico: { Medico: { Nombre: 'Dra. Suárez', Profesion: 'Médica' } },
      InformacionContacto: { AceptaContacto: 'NO', AceptaTerminos: true },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { Reference: string }).Reference;
}
