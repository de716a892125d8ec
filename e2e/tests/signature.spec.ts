import { expect, test } from '@playwright/test';
import { draftCase, sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';

/**
 * Issue 6 §5: the electronic signature. Deleting a case or a document asks for the comment, the
 * e-mail and the password; a signature with another user's credentials is refused in the
 * modal, which shakes; a valid one deletes (the record is kept) and the history shows who
 * signed, what it meant and why.
 */

const RLF = 'rlf@demo.atalaya';
const PASSWORD = 'Demo.2026';

test('deleting a Pendiente case asks for the signature and refuses another user’s', async ({ page }) => {
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const { meta, reference } = await draftCase(page, token);

  await page.goto(`/reportableEvent/${meta}/view/details`);
  await page.getByRole('button', { name: 'Eliminar evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar evento reportable' });
  await expect(dialog.getByText(`Se eliminará el evento ${reference}.`, { exact: false })).toBeVisible();

  await dialog.getByRole('button', { name: 'Firmar y eliminar' }).click();
  await expect(dialog.getByText('Comentario requerido')).toBeVisible();
  await expect(dialog.getByText('Correo requerido')).toBeVisible();
  await expect(dialog.getByText('Contraseña requerida')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Comentario' }).fill('Duplicado de otro evento');
  await dialog.getByRole('textbox', { name: 'Correo' }).fill('qppv@demo.atalaya');
  await dialog.getByLabel('Contraseña').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Firmar y eliminar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos para la firma');
  await expect(dialog.getByTestId('signature-modal-body')).toHaveClass(/shake/);

  await dialog.getByRole('textbox', { name: 'Correo' }).fill(RLF);
  await dialog.getByLabel('Contraseña').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Firmar y eliminar' }).click();
  await expect(page).toHaveURL(/\/workflow$/);
  await expect(page.getByText('Evento eliminado')).toBeVisible();

  await page.goto(`/reportableEvent/${meta}/view/details`);
  await expect(page.getByText('Datos no encontrados').first()).toBeVisible();
});

test('deleting a document from the view is signed and the history shows the signature', async ({ page }) => {
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const { meta } = await sentCase(page, token);
  const added = await page.request.post('/api/uploadDocAndNotes', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { action: 'insertPostCreated', idEr: meta, note: 'Informe duplicado' },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto(`/reportableEvent/${meta}/view/docuemnts`);
  await page.getByRole('button', { name: 'Eliminar Informe duplicado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar documento o nota' });
  await dialog.getByRole('textbox', { name: 'Comentario' }).fill('Se cargó dos veces');
  await dialog.getByRole('textbox', { name: 'Correo' }).fill(RLF);
  await dialog.getByLabel('Contraseña').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Firmar y eliminar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Informe duplicado' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Operaciones', exact: true }).click();
  await page.getByRole('button', { name: 'Ver detalle: Documento eliminado' }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('cell', { name: 'Eliminar documento' })).toBeVisible();
  await expect(detail.getByRole('cell', { name: 'Se cargó dos veces' }).first()).toBeVisible();
});
