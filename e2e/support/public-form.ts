import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_PRODUCT_UY, next } from './public-report';
import { apiSignIn } from './session';

/** Step-by-step helpers for the public report form (validation and signed-in specs). */

/** A select of the form: opens it and picks the option. */
export async function choose(dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await dialog.page().getByRole('option', { name: option, exact: true }).click();
}

/**
 * The step the form shows: its title and 'Paso N de M', and the step opened at its top (the
 * title not scrolled under the modal's header: the point at its middle shows the title itself).
 */
export async function expectStep(dialog: Locator, title: string, progress?: string): Promise<void> {
  const header = dialog.getByRole('group', { name: 'Progreso del reporte' });
  const heading = header.getByText(title, { exact: true });
  await expect(heading).toBeVisible();
  if (progress) await expect(header.getByText(progress, { exact: true })).toBeVisible();
  await expect
    .poll(() => heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const shown = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return shown !== null && element.contains(shown);
    }), { message: `the title «${title}» is hidden (the step did not open at its top)` })
    .toBe(true);
}

/** A field (textbox, combobox, radio group, checkbox) shows `message` as its error. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAccessibleDescription(message);
}

/** A field shows no error. */
export async function expectNoFieldError(field: Locator): Promise<void> {
  await expect(field).toHaveAccessibleDescription('');
}

export function backButton(dialog: Locator): Locator {
  return dialog.getByRole('button', { name: 'Anterior' });
}

/** A date a year from today, as typed (DD/MM/YYYY): in the future for every time zone. */
export function futureDate(): string {
  return `15/01/${new Date().getFullYear() + 1}`;
}

/**
 * Types a DD/MM/YYYY date into a date field of the form and leaves it (what the field then shows).
 * It leaves by blurring, as a tap elsewhere does, not by Tab: Tab focuses the next date field,
 * whose calendar then opens over the fields below it (on a phone it covered '¿Es grave?').
 */
export async function typeDate(field: Locator, ddmmyyyy: string): Promise<void> {
  await field.fill(ddmmyyyy);
  await field.blur();
}

/** Valid answers for one step (1–7) of the form, then Next. */
export async function completeStep(dialog: Locator, isMedic: boolean, step: number): Promise<void> {
  const page = dialog.page();
  switch (step) {
    case 1:
      await choose(dialog, 'Tipo de acontecimiento', 'Reacción adversa a medicamento');
      break;
    case 2:
      await dialog.getByLabel('Iniciales del paciente').fill('AB');
      await dialog.getByRole('radio', { name: 'Masculino' }).check();
      break;
    case 3:
      if (isMedic) await dialog.getByRole('radiogroup', { name: '¿Es grave?' }).getByRole('radio', { name: 'No' }).check();
      else await dialog.getByLabel(/Descripción de la reacción adversa/).fill('Urticaria en los brazos');
      break;
    case 4:
      await dialog.getByRole('combobox', { name: 'Medicamento / producto sospechoso' }).fill('Enaltar');
      await page.getByRole('option', { name: DEMO_PRODUCT_UY }).click();
      break;
    case 5:
      break;
    case 6:
      if (isMedic) {
        await dialog.getByRole('radio', { name: 'No sabe' }).check();
      } else {
        await dialog.getByLabel('Nombre').fill('Dra. Suárez');
        await dialog.getByLabel('Profesión').fill('Médica');
      }
      break;
    case 7:
      if (isMedic) {
        await dialog.getByLabel('Nombre').fill('Dr. Pérez');
        await dialog.getByLabel('Profesión').fill('Médico internista');
      }
      await dialog.getByRole('radiogroup', { name: /Acepta que lo contactemos/ }).getByRole('radio', { name: 'No' }).check();
      await dialog.getByRole('checkbox', { name: /Leí y acepto/ }).check();
      break;
    default:
      throw new Error(`No answers for step ${step}`);
  }
  await next(dialog);
}

/** From the first step of the form, completes every step before `step` (validly) and waits there. */
export async function advanceTo(dialog: Locator, isMedic: boolean, step: number, title: string): Promise<void> {
  for (let current = isMedic ? 1 : 2; current < step; current += 1) await completeStep(dialog, isMedic, current);
  await expectStep(dialog, title);
}

/** A fresh access token from the session cookie, or null when the page has no session. */
async function refreshToken(page: Page): Promise<string | null> {
  // The refresh grant takes the cookie only from the site's own pages: send the page's Origin, as the browser does.
  const response = await page.request.post('/api/login', { form: { grant_type: 'refresh_token' }, headers: { origin: new URL(page.url()).origin } });
  if (!response.ok()) return null;
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * An access token for a demo user: from the page's session when it has one (signed in already),
 * otherwise after signing in through the API (the page stays where it is; a page opened afterwards
 * starts signed in).
 */
export async function accessToken(page: Page, email: string): Promise<string> {
  return (await refreshToken(page)) ?? apiSignIn(page, email);
}

/** A stored incoming report as `GET /api/getEventoDeHomeByReference/{reference}` answers it to `email` (RLF or QPPV). */
export async function storedHomeReport<T>(browser: Browser, email: string, reference: string): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const token = await apiSignIn(page, email);
    const response = await page.request.get(`/api/getEventoDeHomeByReference/${reference}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.ok()).toBe(true);
    return (await response.json()) as T;
  } finally {
    await context.close();
  }
}
