import { expect, test, type Locator } from '@playwright/test';
import { expectStep } from '../support/public-form';
import { DEMO_PRODUCT_UY, startReport } from '../support/public-report';

/**
 * Runs in the 'phone' project only (Pixel 7: isMobile, hasTouch). The whole public form is
 * filled by touch: every select, radio, date, checkbox and button is tapped (text is typed).
 * The modal must stay where it is while a select is open (it used to jump and flicker, the
 * phone widening the page to fit a misplaced dropdown) and each choice must be taken.
 */

/** The dialog's box and the page's width on each of `frames` animation frames, as distinct strings. */
function layoutsDuring(dialog: Locator, frames: number): Promise<string[]> {
  return dialog.evaluate(
    (element, count) =>
      new Promise<string[]>((resolve) => {
        const seen = new Set<string>();
        let left = count;
        const sample = () => {
          const box = element.getBoundingClientRect();
          seen.add(`${box.x},${box.y},${box.width},${box.height} in ${window.innerWidth}`);
          left -= 1;
          if (left > 0) requestAnimationFrame(sample);
          else resolve([...seen]);
        };
        requestAnimationFrame(sample);
      }),
    frames,
  );
}

interface Choice {
  /** Text typed after the tap (searchable selects and the MedDRA search). */
  type?: string;
  /** The option to tap; the first one offered when not given. */
  option?: string;
  /** False when the option shows more than its value (the products show their laboratory). */
  exact?: boolean;
}

/** Taps the select, then the option; the modal does not move meanwhile and the select shows the choice. */
async function tapChoose(dialog: Locator, label: string, pick: Choice = {}): Promise<void> {
  const page = dialog.page();
  const select = dialog.getByRole('combobox', { name: label });
  await select.scrollIntoViewIfNeeded();
  const [still] = await layoutsDuring(dialog, 2);

  await select.tap();
  if (pick.type !== undefined) await select.fill(pick.type);
  const option = pick.option ? page.getByRole('option', { name: pick.option, exact: pick.exact ?? true }) : page.getByRole('option').first();
  await expect(option).toBeVisible();
  expect(await layoutsDuring(dialog, 20), `the modal moved when «${label}» opened`).toEqual([still]);

  const chosen = pick.option ?? (await option.innerText()).trim();
  await option.tap();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(select).toHaveValue(chosen);
  expect(await layoutsDuring(dialog, 10), `the modal moved after choosing in «${label}»`).toEqual([still]);
}

async function tapRadio(scope: Locator, group: string | RegExp, option: string): Promise<void> {
  const radio = scope.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option, exact: true });
  await radio.tap();
  await expect(radio).toBeChecked();
}

/**
 * Taps a date field and, in its DD/MM/AAAA calendar, the 1st of the month shown (the current one
 * in the browser's time zone: on the 1st, UTC may already be in the next month).
 */
async function tapFirstOfMonth(scope: Locator, label: string): Promise<void> {
  const page = scope.page();
  const input = scope.getByLabel(label, { exact: true });
  await input.tap();
  const calendar = page.locator('[data-dates-dropdown]');
  const today = await page.evaluate(() => {
    const now = new Date();
    return { month: now.toLocaleDateString('es', { month: 'long' }), number: now.getMonth() + 1, year: now.getFullYear() };
  });
  await calendar.getByRole('button', { name: `1 ${today.month} ${today.year}`, exact: true }).tap();
  await expect(input).toHaveValue(`01/${String(today.number).padStart(2, '0')}/${today.year}`);
  await expect(calendar).toBeHidden();
}

async function tapNext(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Siguiente' }).tap();
}

/** No part of the page is wider than the phone's screen. */
async function expectNoSidewaysScroll(dialog: Locator): Promise<void> {
  expect(await dialog.page().evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('profesional de la salud: el formulario entero se llena tocando, sin mover el modal, y cada paso abre en su título', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const dialog = await startReport(page, true);

  await expectStep(dialog, 'Tipo de reporte');
  await tapChoose(dialog, 'Tipo de acontecimiento', { option: 'Reacción adversa a medicamento' });
  await tapChoose(dialog, 'País', { option: 'Argentina' });
  await tapChoose(dialog, 'País', { option: 'Uruguay' });
  await tapNext(dialog);

  await expectStep(dialog, 'Paciente');
  await dialog.getByLabel('Iniciales del paciente').fill('TP');
  await tapFirstOfMonth(dialog, 'Fecha de nacimiento');
  await tapRadio(dialog, 'Sexo', 'Femenino');
  await tapRadio(dialog, '¿Está embarazada?', 'No');
  await expectNoSidewaysScroll(dialog);
  await tapNext(dialog);

  await expectStep(dialog, 'Reacciones adversas');
  await tapChoose(dialog, 'Término MedDRA', { type: 'cefal', option: 'Cefalea' });
  await tapRadio(dialog, '¿Es grave?', 'No');
  await tapFirstOfMonth(dialog, 'Fecha de inicio');
  await tapChoose(dialog, 'Evolución');
  await tapChoose(dialog, 'Acción tomada con el medicamento');
  await tapNext(dialog);

  await expectStep(dialog, 'Medicamentos sospechosos');
  await tapChoose(dialog, 'Medicamento / producto sospechoso', { type: 'Enaltar', option: DEMO_PRODUCT_UY, exact: false });
  await tapChoose(dialog, 'Vía de administración');
  await tapChoose(dialog, 'Unidad');
  await tapChoose(dialog, 'Frecuencia');
  await tapFirstOfMonth(dialog, 'Fecha de inicio');
  await tapNext(dialog);

  await expectStep(dialog, 'Medicamentos concomitantes');
  await tapChoose(dialog, 'Tipo');
  await tapNext(dialog);

  await expectStep(dialog, 'Contacto médico e historia clínica');
  await tapRadio(dialog, '¿Esta reacción ya fue notificada por otra vía?', 'No sabe');
  await tapNext(dialog);

  await expectStep(dialog, 'Información de contacto');
  await dialog.getByLabel('Nombre').fill('Dra. Táctil');
  await dialog.getByLabel('Profesión').fill('Médica');
  await dialog.getByLabel('Teléfono').fill('+598 99 123 456');
  await tapRadio(dialog, /Acepta que lo contactemos/, 'No');
  const terms = dialog.getByRole('checkbox', { name: /Leí y acepto/ });
  await terms.tap();
  await expect(terms).toBeChecked();
  await tapNext(dialog);

  await expectStep(dialog, 'Revisión y envío');
  await expect(dialog.getByText('+598 99 123 456')).toBeVisible();
  await expect(dialog.getByText('Cefalea')).toBeVisible();
  await expectNoSidewaysScroll(dialog);
});

test('paciente o familiar: el formulario entero se llena tocando, sin mover el modal, y cada paso abre en su título', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const dialog = await startReport(page, false);

  await expectStep(dialog, 'Paciente');
  await tapChoose(dialog, 'País de residencia', { option: 'Argentina' });
  await tapChoose(dialog, 'País de residencia', { option: 'Uruguay' });
  await dialog.getByLabel('Iniciales del paciente').fill('PT');
  await tapRadio(dialog, 'Sexo', 'Masculino');
  await tapFirstOfMonth(dialog, 'Fecha de nacimiento');
  await tapNext(dialog);

  await expectStep(dialog, 'Reacciones adversas');
  await dialog.getByLabel(/Descripción de la reacción adversa/).fill('Ronchas en los brazos');
  await tapRadio(dialog, '¿Es grave?', 'No');
  await tapFirstOfMonth(dialog, 'Fecha de inicio');
  await tapNext(dialog);

  await expectStep(dialog, 'Medicamentos sospechosos');
  await tapChoose(dialog, 'Medicamento / producto sospechoso', { type: 'Enaltar', option: DEMO_PRODUCT_UY, exact: false });
  await tapNext(dialog);

  await expectStep(dialog, 'Medicamentos concomitantes');
  await tapNext(dialog);

  await expectStep(dialog, 'Contacto médico e historia clínica');
  const doctor = dialog.getByRole('group', { name: 'Médico o profesional que atendió al paciente' });
  await doctor.getByLabel('Nombre').fill('Dr. Rodríguez');
  await doctor.getByLabel('Profesión').fill('Médico de familia');
  await tapFirstOfMonth(doctor, 'Fecha de la consulta');
  await tapNext(dialog);

  await expectStep(dialog, 'Información de contacto');
  await tapChoose(dialog, 'Relación con el paciente');
  await tapRadio(dialog, /Acepta que lo contactemos/, 'No');
  const terms = dialog.getByRole('checkbox', { name: /Leí y acepto/ });
  await terms.tap();
  await expect(terms).toBeChecked();
  await tapNext(dialog);

  await expectStep(dialog, 'Revisión y envío');
  await expect(dialog.getByText('Ronchas en los brazos')).toBeVisible();
  await expectNoSidewaysScroll(dialog);
});
