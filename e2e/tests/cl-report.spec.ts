import { expect, test } from '@playwright/test';
import { demoRole } from '../support/demo-users';
import { choose, expectStep, storedHomeReport } from '../support/public-form';
import { DEMO_PRODUCT_UY, next, reportDialog } from '../support/public-report';
import { signInAt } from '../support/session';

/** Issue 3 §5, issue 30 §9: a CL user's create-event icon opens the patient report form; the report is theirs, without captcha. */

interface StoredReport {
  Reference: string;
  Status: number;
  IsMedic: boolean;
  Data: {
    Tipo: { Pais: string; SubGroup: string | number | null };
    Paciente: { Pais: string; Iniciales: string; Sexo: string; Peso: number | null };
    RAM: { Reaccion: string; Grave: string | null }[];
    Medicamento: { Producto: { ComercialName: string }; Dosis: number | null }[];
    Concomitante?: { Medicamento: string | null }[] | null;
    ContactoMedico: { Medico: { Nombre: string; Profesion: string } | null };
    InformacionContacto: { AceptaContacto: string; AceptaTerminos: boolean; Reporta?: { Email?: string | null; Parentesco?: number | null } | null };
  };
}

const CL = demoRole('CL');

test('un CL reporta desde el ícono de crear evento, sin captcha, y queda como quien reporta', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAt(page, CL.email, CL.home);
  await page.getByRole('button', { name: 'Crear Evento Reportable' }).click();
  // The icon opens the patient report form itself (platform spec §6), not the health-professional question.
  const dialog = reportDialog(page);
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Reportar una reacción adversa' })).toHaveCount(0);

  const reaction = `Mareos y náuseas informados por teléfono ${Date.now()}`;
  await expectStep(dialog, 'Paciente', 'Paso 1 de 7');
  await dialog.getByLabel('Iniciales del paciente').fill('MLS');
  await dialog.getByRole('radio', { name: 'Masculino' }).check();
  await dialog.getByLabel('Peso').fill('80');
  await next(dialog);

  await dialog.getByLabel(/Descripción de la reacción adversa/).fill(reaction);
  await dialog.getByRole('radiogroup', { name: '¿Es grave?' }).getByRole('radio', { name: 'No' }).check();
  await next(dialog);

  await dialog.getByRole('combobox', { name: 'Medicamento / producto sospechoso' }).fill('Enaltar');
  await page.getByRole('option', { name: DEMO_PRODUCT_UY }).click();
  await dialog.getByLabel('Dosis', { exact: true }).fill('20');
  await next(dialog);

  await dialog.getByLabel('Medicamento', { exact: true }).fill('Omeprazol');
  await next(dialog);

  await dialog.getByLabel('Nombre').fill('Dra. Castro');
  await dialog.getByLabel('Profesión').fill('Cardióloga');
  await next(dialog);

  // The CL's e-mail comes prefilled; left blank, the server records the CL as the reporter all the same.
  const email = dialog.getByLabel('Correo electrónico');
  await expect(email).toHaveValue(CL.email);
  await email.fill('');
  await choose(dialog, 'Relación con el paciente', 'Otro');
  await dialog.getByRole('radiogroup', { name: /Acepta que lo contactemos/ }).getByRole('radio', { name: 'No' }).check();
  await dialog.getByRole('checkbox', { name: /Leí y acepto/ }).check();
  await next(dialog);

  await expectStep(dialog, 'Revisión y envío', 'Paso 7 de 7');
  await expect(dialog.getByText(reaction)).toBeVisible();
  await expect(dialog.getByText('No soy un robot')).toHaveCount(0);
  const send = dialog.getByRole('button', { name: 'Enviar reporte' });
  await expect(send).toBeEnabled();
  await send.click();

  const shown = dialog.getByTestId('report-reference');
  await expect(shown).toHaveText(/^RH-\d{4}-\d{6}$/, { timeout: 20_000 });
  await expect(dialog.getByText('¡Gracias por reportar!')).toBeVisible();
  const reference = (await shown.textContent()) ?? '';
  expect(reference.slice(3, 7)).toBe(String(new Date().getFullYear()));
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${CL.home}(\\?.*)?$`, 'i'));

  const stored = await storedHomeReport<StoredReport>(browser, demoRole('QPPV').email, reference);
  expect(stored.Reference).toBe(reference);
  expect(stored.Status).toBe(1);
  expect(stored.IsMedic).toBe(false);
  const data = stored.Data;
  expect(data.InformacionContacto.Reporta).toMatchObject({ Email: CL.email, Parentesco: 9 });
  expect(data.InformacionContacto.AceptaContacto).toBe('NO');
  expect(data.InformacionContacto.AceptaTerminos).toBe(true);
  expect(data.Tipo.Pais).toBe('UY');
  expect(String(data.Tipo.SubGroup)).toBe('0');
  expect(data.Paciente).toMatchObject({ Pais: 'UY', Iniciales: 'MLS', Sexo: 'M', Peso: 80 });
  expect(data.RAM).toEqual([expect.objectContaining({ Reaccion: reaction, Grave: 'NO' })]);
  expect(data.Medicamento).toEqual([expect.objectContaining({ Producto: expect.objectContaining({ ComercialName: DEMO_PRODUCT_UY }), Dosis: 20 })]);
  expect(data.Concomitante).toEqual([expect.objectContaining({ Medicamento: 'Omeprazol' })]);
  expect(data.ContactoMedico.Medico).toMatchObject({ Nombre: 'Dra. Castro', Profesion: 'Cardióloga' });
});
