import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiPost, draftCase } from '../support/cases';
import { mailWith, passwordLinkIn } from '../support/mail';
import { accessToken } from '../support/public-form';
import { openUserMenu, signIn, signOut, signInAt } from '../support/session';

/**
 * The users administration and 'Mí usuario' (platform spec §2, §4 'Admin user panel', §5
 * 'Users', 'Laboratory assignment'; docs/users-screens.md).
 */

/** Picks `option` in the select labelled `label` inside `scope`. */
async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Searches the list by e-mail and opens the one user found. */
async function openUserByEmail(page: Page, email: string): Promise<Locator> {
  const filters = page.getByRole('form', { name: 'Filtros de usuarios' });
  await filters.getByLabel('Correo electrónico').fill(email);
  await filters.getByRole('button', { name: 'Buscar' }).click();
  const table = page.getByRole('table', { name: 'Usuarios' });
  // The previous search's single row stays until the new answer replaces it: wait for this one.
  const row = table.locator('tbody tr').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/adminusers\/[^/]+$/);
  const panel = page.getByRole('dialog', { name: 'Editar usuario' });
  await expect(panel.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(email);
  return panel;
}

/**
 * The search by event identifier: found or not. Done once the URL lists it (the search before,
 * still on screen, may hold the same case).
 */
async function searchByIdentifier(page: Page, reference: string): Promise<void> {
  const filters = page.getByRole('form', { name: 'Filtros de la búsqueda' });
  await filters.getByLabel('Identificador del evento').fill(reference);
  await filters.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]IdEvento=${reference}(&|$)`));
}

/** One case of each product (sold in Uruguay), sent into the workflow by the demo RLF in a context of its own; their references. */
async function sentCases(browser: Browser, products: string[]): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const token = await accessToken(page, 'rlf@demo.atalaya');
    const references: string[] = [];
    for (const product of products) {
      const draft = await draftCase(page, token, { product });
      await apiPost(page, token, 'insertER', { Event: { Meta: draft.meta }, comentario: 'Enviado para la prueba de usuarios' });
      references.push(draft.reference);
    }
    return references;
  } finally {
    await context.close();
  }
}

test('the users screen opens on the signed-in user’s own path, the list shown and the panel closed; the own link opens it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.atalaya');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrador de usuarios' })).toBeVisible({ timeout: 30_000 });
  // Platform spec §2: "On load it searches page 1 and navigates to the path with the current user id".
  await expect(page).toHaveURL(/\/adminusers\/[^/]+$/);
  const ownPath = new URL(page.url()).pathname;
  const table = page.getByRole('table', { name: 'Usuarios' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Editar usuario' })).toHaveCount(0);
  // The path is the admin's own: the same as the link of the admin's row.
  const filters = page.getByRole('form', { name: 'Filtros de usuarios' });
  await filters.getByLabel('Correo electrónico').fill('admin@demo.atalaya');
  await filters.getByRole('button', { name: 'Buscar' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const own = table.locator('tbody tr').first().getByRole('link');
  await expect(own).toHaveAttribute('href', ownPath);
  await own.click();
  const panel = page.getByRole('dialog', { name: 'Editar usuario' });
  await expect(panel.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('admin@demo.atalaya');
  await panel.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/adminusers$/);
  await expect(panel).toBeHidden();
});

test('ADMIN creates a Fabricante, assigns a company’s laboratories; the new user sets a password from the e-mail and sees only those cases', async ({ page, browser }) => {
  test.setTimeout(420_000);
  // One case of a Terramar Salud laboratory (Cerro Chato, to be granted) and one of Ciprés (not
  // granted), of products whose cases no other spec counts (search.spec counts Budemar Nasal's).
  const [granted, notGranted] = await sentCases(browser, ['Tirochato 100', 'Azitroprés 500']);
  if (!granted || !notGranted) throw new Error('the cases were not created');

  const email = `fabricante-${Date.now()}@demo.atalaya`;
  await signInAt(page, 'admin@demo.atalaya', '/adminusers');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrador de usuarios' })).toBeVisible();
  // Page 1 is listed on load.
  await expect(page.getByRole('table', { name: 'Usuarios' }).locator('tbody tr').first()).toBeVisible();

  await page.getByRole('button', { name: 'Agregar usuario' }).click();
  const panel = page.getByRole('dialog', { name: 'Nuevo usuario' });
  const form = panel.getByRole('form', { name: 'Datos del usuario' });
  // The checks run in the spec's order and "later messages win": the alert shows the last one.
  const alert = page.getByRole('dialog', { name: 'Revise los datos del usuario' });
  await form.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(alert.getByText('Especialidad requerido')).toBeVisible();
  await expect(alert.getByText('Correo electrónico requerido')).toHaveCount(0);
  await alert.getByRole('button', { name: 'Aceptar' }).click();

  await pick(page, form, 'Especialidad', 'Química farmacéutica');
  await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Fabiana');
  await form.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(alert.getByText('Rol requerido')).toBeVisible();
  await alert.getByRole('button', { name: 'Aceptar' }).click();

  await form.getByRole('textbox', { name: 'Apellido' }).fill('Terramar');
  await pick(page, form, 'País', 'Uruguay');
  await pick(page, form, 'Rol', 'Fabricante');
  // The active toggle is for editing another user, not for creating.
  await expect(form.getByRole('switch', { name: 'Activo' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(alert.getByText('Correo electrónico requerido')).toBeVisible();
  await alert.getByRole('button', { name: 'Aceptar' }).click();
  await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await form.getByRole('button', { name: 'Crear usuario' }).click();

  await expect(page.getByText('Usuario creado')).toBeVisible();
  await expect(page.getByText(`Se envió a ${email} un correo con un enlace para definir su contraseña.`)).toBeVisible();
  await expect(page).toHaveURL(/\/adminusers\/[^/]+$/);
  const edit = page.getByRole('dialog', { name: 'Editar usuario' });
  await expect(edit.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(email);
  await expect(edit.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAttribute('readonly', '');

  // Laboratory assignment: Asignar waits for a choice; the company's laboratories are ticked.
  const labs = edit.getByRole('region', { name: 'Laboratorios' });
  await expect(labs.getByText('Sin laboratorios asignados.')).toBeVisible();
  const assign = labs.getByRole('button', { name: 'Asignar' });
  await expect(assign).toBeDisabled();
  await pick(page, labs, 'País', 'Uruguay');
  await expect(assign).toBeEnabled();
  await pick(page, labs, 'Compañía', 'Terramar Salud S.A.');
  await labs.getByRole('checkbox', { name: 'Laboratorio Terramar' }).check();
  await labs.getByRole('checkbox', { name: 'Laboratorio Cerro Chato' }).check();
  await assign.click();
  const grants = labs.getByRole('list', { name: 'Laboratorios asignados' });
  await expect(grants.getByRole('listitem')).toHaveCount(2);
  await expect(grants).toContainText('Laboratorio Terramar');
  await expect(grants).toContainText('Laboratorio Cerro Chato');

  // 'Todos los laboratorios' hides the pickers.
  await labs.getByRole('switch', { name: 'Todos los laboratorios' }).check();
  await expect(labs.getByRole('combobox', { name: 'País', exact: true })).toHaveCount(0);
  await labs.getByRole('switch', { name: 'Todos los laboratorios' }).uncheck();
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/adminusers$/);
  await expect(edit).toBeHidden();
  await signOut(page);

  // The new user sets a password from the mailed link, signs in and searches.
  const link = passwordLinkIn(await mailWith(email, /\/changepassword\?token=/));
  await page.goto(link);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Fabiana.2026');
  await page.getByLabel('Repetir nueva contraseña').fill('Fabiana.2026');
  await page.getByLabel('Repetir nueva contraseña').press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, { password: 'Fabiana.2026', expectUrl: '/workflow' });
  // A new user has not accepted the terms: the modal comes once the session's context is read, and
  // stays over every screen until it is answered, so wait for it instead of glancing once.
  const terms = page.getByRole('dialog', { name: 'Términos y condiciones de uso' });
  await terms.getByRole('button', { name: 'Aceptar' }).click();
  await expect(terms).toBeHidden();
  await page.goto('/eventsearch');
  await expect(page.getByRole('heading', { level: 1, name: 'Ver eventos reportables' })).toBeVisible();
  // The first search (the default country) is in the URL before the filters are typed.
  await expect(page).toHaveURL(/pageNumber=1/);
  const results = page.getByRole('table', { name: 'Eventos reportables' });
  await searchByIdentifier(page, granted);
  await expect(results.getByRole('link', { name: granted, exact: true })).toBeVisible();
  await expect(results.locator('tbody tr')).toHaveCount(1);
  await searchByIdentifier(page, notGranted);
  await expect(page.getByText('No se encontraron eventos reportables asociados')).toBeVisible();

  // Mí usuario shows the two laboratories, read-only.
  const drawer = await openUserMenu(page);
  await drawer.getByRole('link', { name: 'Mí usuario' }).click();
  const mine = page.getByRole('region', { name: 'Mis laboratorios' });
  await expect(mine.getByRole('listitem')).toHaveCount(2);
  await expect(mine.getByRole('button', { name: /^Quitar/ })).toHaveCount(0);
});

test('a user edits Mí usuario and the header shows the new name; the e-mail, role and active flag are not editable', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, 'cl@demo.atalaya', '/eventsearch');
  const header = page.getByRole('button', { name: 'Menú de usuario' });
  await expect(header).toContainText('Diego Sosa');
  const drawer = await openUserMenu(page);
  await drawer.getByRole('link', { name: 'Mí usuario' }).click();
  await expect(page).toHaveURL(/\/myuser$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mí usuario' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Datos del usuario' });
  await expect(form.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('cl@demo.atalaya');
  await expect(form.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAttribute('readonly', '');
  await expect(form.getByRole('textbox', { name: 'Rol' })).toHaveValue('CL');
  await expect(form.getByRole('textbox', { name: 'Rol' })).toHaveAttribute('readonly', '');
  await expect(form.getByRole('switch', { name: 'Activo' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Mis laboratorios' }).getByRole('listitem')).toHaveCount(2);

  // A blank last name is refused with the spec's message in an alert.
  await form.getByRole('textbox', { name: 'Apellido' }).fill('  ');
  await form.getByRole('button', { name: 'Guardar' }).click();
  const alert = page.getByRole('dialog', { name: 'Revise los datos del usuario' });
  await expect(alert.getByText('Apellido requerido')).toBeVisible();
  await alert.getByRole('button', { name: 'Aceptar' }).click();

  await form.getByRole('textbox', { name: 'Apellido' }).fill('Sosa Prueba');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Usuario actualizado')).toBeVisible();
  await expect(header).toContainText('Diego Sosa Prueba');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Datos del usuario' }).getByRole('textbox', { name: 'Apellido' })).toHaveValue('Sosa Prueba');
  await expect(header).toContainText('Diego Sosa Prueba');

  // Back as it was, for the other specs.
  await page.getByRole('form', { name: 'Datos del usuario' }).getByRole('textbox', { name: 'Apellido' }).fill('Sosa');
  await page.getByRole('form', { name: 'Datos del usuario' }).getByRole('button', { name: 'Guardar' }).click();
  await expect(header).toContainText('Diego Sosa');
  await expect(header).not.toContainText('Prueba');
});

test('a QPPV is not offered the ADMIN role, and has no active toggle on their own user', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/adminusers');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrador de usuarios' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Agregar usuario' }).click();
  const create = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await create.getByRole('combobox', { name: 'Rol', exact: true }).click();
  await expect(page.getByRole('option', { name: 'QPPV', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Fabricante', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'ADMIN', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await create.getByRole('button', { name: 'Cancelar' }).click();
  await expect(create).toBeHidden();

  // Another user: the toggle is there; the QPPV's own: no toggle, the role read-only.
  const other = await openUserByEmail(page, 'rlf@demo.atalaya');
  await expect(other.getByRole('switch', { name: 'Activo' })).toBeVisible();
  await other.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/adminusers$/);

  const own = await openUserByEmail(page, 'qppv@demo.atalaya');
  await expect(own.getByRole('switch', { name: 'Activo' })).toHaveCount(0);
  await expect(own.getByRole('textbox', { name: 'Rol' })).toHaveValue('QPPV');
  await expect(own.getByRole('textbox', { name: 'Rol' })).toHaveAttribute('readonly', '');
  await expect(own.getByRole('combobox', { name: 'Rol', exact: true })).toHaveCount(0);
});
