import { expect, test } from '@playwright/test';
import { mailTo } from '../support/mail';
import { signInAt } from '../support/session';

// The 'Configuración' screen (platform spec §2, §8; docs/settings.md). It changes only settings
// that no other spec depends on: the sender's name and the SMTP password (the app server
// captures mail instead of sending it).

test('ADMIN changes a setting on Configuración, sees it confirmed and kept after a reload', async ({ page }) => {
  await signInAt(page, 'admin@demo.atalaya', '/adminusers');
  await page.getByRole('button', { name: 'Administración' }).click();
  await page.getByRole('menuitem', { name: 'Configuración' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  for (const group of ['Envío de correo', 'Usuarios', 'Web', 'Notificaciones_Error']) await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Enviar por correo los avisos de error del sistema' })).toBeDisabled();

  // A value against its rule is refused in the form, with the server's message.
  const port = page.getByLabel('Puerto del servidor SMTP');
  await port.fill('0');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El valor de «smtp.port» debe ser un número entero entre 1 y 65535')).toBeVisible();
  await port.fill('587');

  const name = `Atalaya e2e ${Date.now()}`;
  await page.getByLabel('Nombre del remitente que ven los destinatarios').fill(name);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Configuración actualizada' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('smtp.fromName');

  await page.reload();
  await expect(page.getByLabel('Nombre del remitente que ven los destinatarios')).toHaveValue(name);

  // Nothing changed: the spec's message.
  await page.getByLabel('Nombre del remitente que ven los destinatarios').fill(`${name} x`);
  await page.getByLabel('Nombre del remitente que ven los destinatarios').fill(name);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No se realizaron cambios en la configuración' })).toBeVisible();
});

test("the SMTP password is write-only, and 'Probar envío' puts a test mail in the outbox", async ({ page }) => {
  await signInAt(page, 'admin@demo.atalaya', '/adminusers');
  await page.goto('/settings');
  const password = page.getByLabel('Contraseña de autenticación SMTP');
  await password.fill('Clave-SMTP-e2e');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Configuración actualizada' })).toContainText('smtp.password');
  await page.reload();
  await expect(page.getByLabel('Contraseña de autenticación SMTP')).toHaveValue('');
  await expect(page.getByLabel('Contraseña de autenticación SMTP')).toHaveAttribute('placeholder', 'Sin cambios');
  await expect(page.getByText('Hay una contraseña guardada')).toBeVisible();
  expect(await page.content()).not.toContain('Clave-SMTP-e2e');

  await page.getByRole('button', { name: 'Borrar contraseña' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Configuración actualizada' })).toContainText('smtp.password');
  await expect(page.getByText('No hay contraseña guardada')).toBeVisible();

  const to = `prueba-${Date.now()}@test.atalaya`;
  await page.getByLabel('Enviar a (vacío: su correo)').fill(to);
  await page.getByRole('button', { name: 'Probar envío' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Probar envío' })).toContainText(to);
  const mail = await mailTo(to, 'Atalaya: correo de prueba');
  expect(mail.text).toContain('correo de prueba');
});

test('the compact layout (390 px) shows the settings in one column without a sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, 'admin@demo.atalaya', '/adminusers');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Envío de correo' })).toBeVisible();
  await expect(page.getByLabel('Puerto del servidor SMTP')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
});
