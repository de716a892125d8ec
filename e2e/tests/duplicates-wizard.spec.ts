import { expect, test } from '@playwright/test';
import { sentPatientCase, uniqueInitials } from '../support/duplicates';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { choose, expectStep, field, next, openCreateDialog, pickRadio, typeDate } from '../support/wizard';

/**
 * Issue 31 point 3 (docs/duplicates.md 'Where a person meets it'): the wizard's finish (Resumen)
 * shows 'Posibles duplicados' for the case being finished, with each candidate's score and
 * reasons, before 'Enviar'. An RLF types in the wizard a case of a patient already sent: the
 * same initials, sex and age, the same medicine and reaction.
 */

const RLF = 'rlf@demo.atalaya';

test("the wizard's finish shows the case already sent as a possible duplicate, with its score and reasons", async ({ page }) => {
  test.setTimeout(180_000);
  const patient = { initials: uniqueInitials(), sex: 'F' as const, ageYears: 34 };
  await signInAt(page, RLF, '/workflow');
  const existing = await sentPatientCase(page, await accessToken(page, RLF), patient);

  const dialog = await openCreateDialog(page);
  await choose(dialog, page, 'Tipo de reporte', 'Reacción adversa a medicamento');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page).toHaveURL(/\/reportableEvent\/[^/]+\/edit\/?$/i, { timeout: 15_000 });

  await expectStep(page, 'Datos del paciente');
  await field(page, 'Alias').fill(patient.initials);
  await field(page, 'Edad').fill(String(patient.ageYears));
  await choose(page, page, 'Unidad de edad', 'Años');
  await field(page, 'Peso').fill('61,5');
  await pickRadio(page, 'Sexo', 'Femenino');
  await pickRadio(page, 'Embarazo', 'No');
  await next(page);

  await expectStep(page, 'Origen del reporte');
  await pickRadio(page, 'Documento de origen', 'No disponible');
  await field(page, 'Motivo').fill('Notificación telefónica de la médica tratante');
  await choose(page, page, 'Origen', 'Espontáneo');
  await choose(page, page, 'Tipo', 'Espontáneo');
  await next(page);

  const medication = page.getByRole('form', { name: 'Nuevo medicamento' });
  await choose(medication, page, 'Medicamento', /Enaltar 10/);
  await choose(medication, page, 'Fabricante', /.+/);
  await field(medication, 'Dosis administrada').fill('10');
  await choose(medication, page, 'Vía', 'Oral');
  await medication.getByRole('button', { name: 'Agregar medicamento' }).click();
  await expect(page.getByRole('table', { name: 'Medicamentos relacionados' }).getByText('Enaltar 10')).toBeVisible();
  await next(page);

  await page.getByRole('button', { name: 'Agregar evento' }).click();
  const ram = page.getByRole('dialog', { name: 'Agregar evento' });
  await field(ram, 'Término MedDRA').fill('cefal');
  await page.getByRole('option', { name: /^Cefalea/ }).first().click();
  await field(ram, 'Descripción').fill('Cefalea a las dos horas de la toma');
  await pickRadio(ram, '¿Es esperado?', 'Sí');
  await typeDate(ram, 'Fecha de inicio del evento', '02/10/2026');
  await ram.getByRole('button', { name: 'Confirmar' }).click();
  await expect(ram).toBeHidden();
  await next(page);

  // Previous medications, the medical consultation, additional information: none needed here.
  await next(page);
  await pickRadio(page, 'Se realizó consulta médica?', 'No');
  await next(page);
  await next(page);

  // The finish (Resumen): the case already sent is a possible duplicate, with its score and reasons.
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible({ timeout: 15_000 });
  const duplicates = page.getByRole('region', { name: 'Posibles duplicados' });
  const candidate = duplicates.getByTestId('duplicate-candidate').filter({ hasText: existing.reference });
  await expect(candidate).toBeVisible({ timeout: 20_000 });
  await expect(candidate.getByText(/^Puntaje \d/)).toBeVisible();
  await expect(candidate.getByText(/Iniciales del paciente: coinciden/)).toBeVisible();
  await expect(candidate.getByText(/Edad: coincide/)).toBeVisible();
  await expect(candidate.getByRole('button', { name: 'Comparar' })).toBeVisible();
});
