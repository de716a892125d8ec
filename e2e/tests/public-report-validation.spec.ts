import { MSG } from '@atalaya/domain';
import { expect, test, type Locator } from '@playwright/test';
import {
  advanceTo,
  backButton,
  choose,
  completeStep,
  expectFieldError,
  expectNoFieldError,
  expectStep,
  futureDate,
  typeDate,
} from '../support/public-form';
import { next, startReport } from '../support/public-report';
import { solveCaptcha } from '../support/session';

/** Platform spec §4 'Public report form' and §5 'Public form': each step's messages, word for word. */

const M = MSG.publicForm;

function radioGroup(dialog: Locator, name: string | RegExp): Locator {
  return dialog.getByRole('radiogroup', { name });
}

test.describe('Formulario público: profesional de la salud', () => {
  test('paso 1: exige el tipo de acontecimiento; el país viene en Uruguay y no queda vacío', async ({ page }) => {
    await page.goto('/');
    const dialog = await startReport(page, true);
    await expectStep(dialog, 'Tipo de reporte', 'Paso 1 de 8');
    await expect(backButton(dialog)).toHaveCount(0);

    const country = dialog.getByRole('combobox', { name: 'País' });
    await expect(country).toHaveValue('Uruguay');
    // Erasing the country's text does not leave the report without a country.
    await country.fill('');
    await country.press('Tab');
    await expect(country).toHaveValue('Uruguay');

    const subGroup = dialog.getByRole('combobox', { name: 'Tipo de acontecimiento' });
    await next(dialog);
    await expectFieldError(subGroup, M.subGroupRequired);
    await expectNoFieldError(country);
    await expect(dialog.getByText(M.countryRequired)).toHaveCount(0);
    await expectStep(dialog, 'Tipo de reporte', 'Paso 1 de 8');

    await choose(dialog, 'Tipo de acontecimiento', 'Reacción adversa a medicamento');
    await expectNoFieldError(subGroup);
    await next(dialog);
    await expectStep(dialog, 'Paciente', 'Paso 2 de 8');
  });

  test('paso 2: iniciales (máximo 3) y sexo obligatorios, sin fechas futuras; Anterior conserva lo escrito', async ({ page }) => {
    await page.goto('/');
    const dialog = await startReport(page, true);
    await advanceTo(dialog, true, 2, 'Paciente');
    // A health professional gives the country at step 1, not here.
    await expect(dialog.getByRole('combobox', { name: 'País de residencia' })).toHaveCount(0);

    const initials = dialog.getByLabel('Iniciales del paciente');
    const sex = radioGroup(dialog, 'Sexo');
    await next(dialog);
    await expectFieldError(initials, M.initialsRequired);
    await expectFieldError(sex, M.sexRequired);

    await initials.pressSequentially('ABCD');
    await expect(initials).toHaveValue('ABC');
    await expectNoFieldError(initials);

    // The date picker (DD/MM/AAAA, as in the internal forms) does not take a future date.
    const birth = dialog.getByLabel('Fecha de nacimiento');
    await expect(birth).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    await typeDate(birth, futureDate());
    await expect(birth).toHaveValue('');
    await sex.getByRole('radio', { name: 'Femenino' }).check();
    await expectNoFieldError(sex);

    await typeDate(birth, '12/04/1980');
    await expect(birth).toHaveValue('12/04/1980');
    await next(dialog);
    await expectStep(dialog, 'Reacciones adversas', 'Paso 3 de 8');

    await backButton(dialog).click();
    await expectStep(dialog, 'Paciente', 'Paso 2 de 8');
    await expect(initials).toHaveValue('ABC');
    await expect(birth).toHaveValue('12/04/1980');
    await expect(sex.getByRole('radio', { name: 'Femenino' })).toBeChecked();
    await backButton(dialog).click();
    await expectStep(dialog, 'Tipo de reporte');
    await expect(dialog.getByRole('combobox', { name: 'Tipo de acontecimiento' })).toHaveValue('Reacción adversa a medicamento');
  });

  test('pasos 3 a 6: gravedad, producto sospechoso y notificación por otra vía', async ({ page }) => {
    await page.goto('/');
    const dialog = await startReport(page, true);
    await advanceTo(dialog, true, 3, 'Reacciones adversas');

    await next(dialog);
    await expectFieldError(radioGroup(dialog, '¿Es grave?'), M.severityRequired);
    const start = dialog.getByLabel('Fecha de inicio');
    await typeDate(start, futureDate());
    await expect(start).toHaveValue('');
    await radioGroup(dialog, '¿Es grave?').getByRole('radio', { name: 'Sí' }).check();
    await next(dialog);

    await expectStep(dialog, 'Medicamentos sospechosos', 'Paso 4 de 8');
    await next(dialog);
    await expectFieldError(dialog.getByRole('combobox', { name: 'Medicamento / producto sospechoso' }), M.productRequired);
    await completeStep(dialog, true, 4);

    // Step 5 has no rules: a blank concomitant passes.
    await expectStep(dialog, 'Medicamentos concomitantes', 'Paso 5 de 8');
    await next(dialog);

    await expectStep(dialog, 'Contacto médico e historia clínica', 'Paso 6 de 8');
    await next(dialog);
    const notified = radioGroup(dialog, '¿Esta reacción ya fue notificada por otra vía?');
    await expectFieldError(notified, MSG.generic.radio);
    // The treating doctor is optional for a professional.
    await expect(dialog.getByText(M.fieldRequired)).toHaveCount(0);
    await notified.getByRole('radio', { name: 'No', exact: true }).check();
    await next(dialog);
    await expectStep(dialog, 'Información de contacto', 'Paso 7 de 8');

    await backButton(dialog).click();
    await expect(notified.getByRole('radio', { name: 'No', exact: true })).toBeChecked();
    await backButton(dialog).click();
    await backButton(dialog).click();
    await expectStep(dialog, 'Medicamentos sospechosos');
    await expect(dialog.getByRole('combobox', { name: 'Medicamento / producto sospechoso' })).toHaveValue('Enaltar 10');
  });

  test('paso 7: nombre, profesión, términos y correo para ser contactado; Enviar espera al captcha', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    const dialog = await startReport(page, true);
    await advanceTo(dialog, true, 7, 'Información de contacto');

    const name = dialog.getByLabel('Nombre');
    const profession = dialog.getByLabel('Profesión');
    const email = dialog.getByLabel('Correo electrónico');
    const contact = radioGroup(dialog, /Acepta que lo contactemos/);
    const terms = dialog.getByRole('checkbox', { name: /Leí y acepto/ });
    await next(dialog);
    await expectFieldError(name, M.fieldRequired);
    await expectFieldError(profession, M.fieldRequired);
    await expectFieldError(contact, MSG.generic.radio);
    await expect(dialog.getByText(M.termsRequired)).toBeVisible();

    await name.fill('Dra. Martínez');
    await profession.fill('Pediatra');
    await contact.getByRole('radio', { name: 'Sí' }).check();
    await terms.check();
    await expect(dialog.getByText(M.termsRequired)).toHaveCount(0);
    await next(dialog);
    await expectFieldError(email, M.contactEmailRequired);
    await expectNoFieldError(name);

    await email.fill('martinez@correo');
    await next(dialog);
    await expectFieldError(email, M.emailFormat);
    await expectStep(dialog, 'Información de contacto');

    await email.fill('martinez@correo.uy');
    await next(dialog);
    await expectStep(dialog, 'Revisión y envío', 'Paso 8 de 8');
    await expect(dialog.getByText('martinez@correo.uy')).toBeVisible();

    const send = dialog.getByRole('button', { name: 'Enviar reporte' });
    await expect(send).toBeDisabled();
    await solveCaptcha(dialog);
    await expect(send).toBeEnabled();
    // Back and forth keeps what was typed, and the step 7 answers are still valid.
    await backButton(dialog).click();
    await expect(email).toHaveValue('martinez@correo.uy');
    await expect(terms).toBeChecked();
  });
});

test.describe('Formulario público: paciente o familiar', () => {
  test('empieza en el paso 2 sin Anterior; país de residencia obligatorio, iniciales y sexo', async ({ page }) => {
    await page.goto('/');
    const dialog = await startReport(page, false);
    await expectStep(dialog, 'Paciente', 'Paso 1 de 7');
    await expect(backButton(dialog)).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: 'Tipo de acontecimiento' })).toHaveCount(0);

    const country = dialog.getByRole('combobox', { name: 'País de residencia' });
    await expect(country).toHaveValue('Uruguay');
    await expect(dialog.locator('label[data-required="true"]', { hasText: 'País de residencia' })).toBeVisible();
    await country.fill('');
    await country.press('Tab');
    await expect(country).toHaveValue('Uruguay');

    await next(dialog);
    await expectFieldError(dialog.getByLabel('Iniciales del paciente'), M.initialsRequired);
    await expectFieldError(radioGroup(dialog, 'Sexo'), M.sexRequired);
    await expectNoFieldError(country);
    await expectStep(dialog, 'Paciente', 'Paso 1 de 7');

    await completeStep(dialog, false, 2);
    await expectStep(dialog, 'Reacciones adversas', 'Paso 2 de 7');
    await expect(backButton(dialog)).toBeVisible();
  });

  test('descripción de la reacción, fechas no futuras, médico que atendió; Anterior conserva lo escrito', async ({ page }) => {
    await page.goto('/');
    const dialog = await startReport(page, false);
    await advanceTo(dialog, false, 3, 'Reacciones adversas');

    const description = dialog.getByLabel(/Descripción de la reacción adversa/);
    await next(dialog);
    await expectFieldError(description, M.reactionRequired);

    await description.fill('Ronchas y picazón después de la segunda dosis');
    // An end before the start is refused with the spec's message; a future end is not taken.
    const start = dialog.getByLabel('Fecha de inicio');
    const end = dialog.getByLabel('Fecha de finalización');
    await typeDate(end, futureDate());
    await expect(end).toHaveValue('');
    await typeDate(start, '10/03/2025');
    await typeDate(end, '09/03/2025');
    await next(dialog);
    await expectFieldError(end, MSG.generic.endBeforeStart);
    await expectNoFieldError(description);
    await typeDate(end, '12/03/2025');
    await next(dialog);

    await expectStep(dialog, 'Medicamentos sospechosos');
    await next(dialog);
    await expectFieldError(dialog.getByRole('combobox', { name: 'Medicamento / producto sospechoso' }), M.productRequired);
    await completeStep(dialog, false, 4);
    await completeStep(dialog, false, 5);

    await expectStep(dialog, 'Contacto médico e historia clínica', 'Paso 5 de 7');
    const doctor = dialog.getByRole('group', { name: 'Médico o profesional que atendió al paciente' });
    await next(dialog);
    await expectFieldError(doctor.getByLabel('Nombre'), M.fieldRequired);
    await expectFieldError(doctor.getByLabel('Profesión'), M.fieldRequired);
    // NotificadoPorOtro is only required of a professional.
    await expect(dialog.getByText(MSG.generic.radio)).toHaveCount(0);

    await doctor.getByLabel('Nombre').fill('Dr. Rodríguez');
    await doctor.getByLabel('Profesión').fill('Médico de familia');
    await doctor.getByLabel('Correo electrónico').fill('rodriguez.correo.uy');
    // A phone keeps its + and country code, spaces, hyphens and parentheses; letters are not typed.
    await doctor.getByLabel('Teléfono').pressSequentially('+598 (9a9) 12-3+4');
    await expect(doctor.getByLabel('Teléfono')).toHaveValue('+598 (99) 12-34');
    await next(dialog);
    await expectFieldError(doctor.getByLabel('Correo electrónico'), M.emailFormat);
    await doctor.getByLabel('Correo electrónico').fill('rodriguez@correo.uy');
    await next(dialog);

    await expectStep(dialog, 'Información de contacto', 'Paso 6 de 7');
    // A patient's own name is optional; the contact answer and the terms are not.
    await next(dialog);
    await expectNoFieldError(dialog.getByLabel('Nombre'));
    await expectFieldError(radioGroup(dialog, /Acepta que lo contactemos/), MSG.generic.radio);
    await expect(dialog.getByText(M.termsRequired)).toBeVisible();

    for (let step = 0; step < 4; step += 1) await backButton(dialog).click();
    await expectStep(dialog, 'Reacciones adversas', 'Paso 2 de 7');
    await expect(description).toHaveValue('Ronchas y picazón después de la segunda dosis');
    await backButton(dialog).click();
    await expectStep(dialog, 'Paciente', 'Paso 1 de 7');
    await expect(dialog.getByLabel('Iniciales del paciente')).toHaveValue('AB');
    await expect(backButton(dialog)).toHaveCount(0);
  });
});

const HEIGHT_HINT = 'En metros (1,65); 165 cm pasa a 1,65 m';

test.describe('Formulario público: valores que se escriben', () => {
  test('altura en metros (165 pasa a 1,65; pegar 1.65 da 1,65) y peso dentro de un rango plausible', async ({ page }) => {
    await page.goto('/');
    const dialog = await startReport(page, false);
    await expectStep(dialog, 'Paciente');
    const height = dialog.getByRole('textbox', { name: 'Altura' });
    const weight = dialog.getByRole('textbox', { name: 'Peso' });
    await expect(height).toHaveAccessibleDescription(HEIGHT_HINT);

    await height.fill('165');
    await height.blur();
    await expect(height).toHaveValue('1,65');
    await pasteInto(height, '1.72');
    await expect(height).toHaveValue('1,72');
    await pasteInto(weight, '61.5');
    await expect(weight).toHaveValue('61,5');

    await height.fill('2,9');
    await weight.fill('700');
    await next(dialog);
    await expectFieldError(height, `${MSG.generic.heightRange} ${HEIGHT_HINT}`);
    await expectFieldError(weight, MSG.generic.weightRange);
    await height.fill('1,8');
    await weight.fill('82');
    await expect(height).toHaveAccessibleDescription(HEIGHT_HINT);
    await expectNoFieldError(weight);
  });

  test.describe('en un navegador en inglés', () => {
    test.use({ locale: 'en-US' });

    test('las fechas se muestran y se escriben DD/MM/AAAA, como en los formularios internos', async ({ page }) => {
      await page.goto('/');
      const dialog = await startReport(page, false);
      const birth = dialog.getByLabel('Fecha de nacimiento');
      await expect(birth).toHaveAttribute('placeholder', 'DD/MM/AAAA');
      await typeDate(birth, '03/04/1980');
      await expect(birth).toHaveValue('03/04/1980');
      await birth.click();
      // The calendar opens on the chosen month, in Spanish.
      await expect(page.locator('[data-dates-dropdown]').getByText('abril 1980')).toBeVisible();
    });
  });
});

/** Pastes `text` into an input as the clipboard would (a 'paste' event carrying it). */
/** Pastes `text` over the whole value of `input`, as a person who selects it first does. */
async function pasteInto(input: Locator, text: string): Promise<void> {
  await input.selectText();
  await input.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
