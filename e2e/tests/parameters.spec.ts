import { expect, test, type Page } from '@playwright/test';
import { DEMO_ROLES } from '../support/demo-users';
import { signInAt } from '../support/session';

const ADMIN = DEMO_ROLES.find((role) => role.role === 'ADMIN')?.email ?? 'admin@demo.atalaya';
const QPPV = DEMO_ROLES.find((role) => role.role === 'QPPV')?.email ?? 'qppv@demo.atalaya';

async function openParameters(page: Page) {
  await page.goto('/parameters');
  await expect(page.getByRole('heading', { name: 'Parametros', level: 1 })).toBeVisible();
}

function table(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('an ADMIN adds a row, renames it and disables it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const name = `Barrio ${testInfo.project.name} ${Date.now()}`;
  await signInAt(page, ADMIN, '/adminusers');
  await openParameters(page);
  const residences = table(page, 'Residencias');
  await expect(residences.getByText('Residencia del paciente.')).toBeVisible();
  await expect(residences.getByRole('cell', { name: 'Capital', exact: true })).toBeVisible();

  // Add: one blank row at the top, only one at a time; Cancel removes it.
  await residences.getByRole('button', { name: 'Agregar elemento a Residencias' }).click();
  await expect(residences.getByRole('button', { name: 'Agregar elemento a Residencias' })).toBeDisabled();
  await residences.getByRole('button', { name: 'Cancelar' }).click();
  await expect(residences.getByLabel('Nombre')).toHaveCount(0);

  await residences.getByRole('button', { name: 'Agregar elemento a Residencias' }).click();
  await residences.getByRole('button', { name: 'Guardar' }).click();
  await expect(residences.getByText('El valor no puede estar vacío')).toBeVisible();
  await residences.getByLabel('Nombre').fill(name);
  await residences.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Creado correctamente')).toBeVisible();
  const row = residences.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Editar ${name}` }).click();
  await residences.getByLabel('Nombre').fill(`${name} renombrado`);
  await residences.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El elemento fue actualizado')).toBeVisible();
  const renamed = residences.getByRole('row').filter({ hasText: `${name} renombrado` });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: `Deshabilitar ${name} renombrado` }).click();
  await expect(page.getByText('Deshabilitado correctamente')).toBeVisible();
  await expect(renamed.getByText('No', { exact: true })).toBeVisible();
  await expect(renamed.getByRole('button', { name: `Habilitar ${name} renombrado` })).toBeVisible();

  // A duplicate is refused by the server: the modal shows why and the edit is cancelled.
  await residences.getByRole('button', { name: 'Agregar elemento a Residencias' }).click();
  await residences.getByLabel('Nombre').fill('Capital');
  await residences.getByRole('button', { name: 'Guardar' }).click();
  const failure = page.getByRole('dialog', { name: 'No se pudo realizar cambios en la configuración' });
  await expect(failure.getByText("Ya existe un elemento con Nombre 'Capital'")).toBeVisible();
  await failure.getByRole('button', { name: 'Aceptar' }).click();
  await expect(residences.getByLabel('Nombre')).toHaveCount(0);

  // Read-only tables and protected rows offer no action they could not take.
  await expect(table(page, 'Roles').getByRole('button')).toHaveCount(0);
  await expect(table(page, 'Status').getByRole('button', { name: /Deshabilitar/ })).toHaveCount(0);
});

test('a QPPV with the Tasks screen open is told when an ADMIN changes a parameter', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const qppvContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const qppv = await qppvContext.newPage();
    await signInAt(qppv, QPPV, '/workflow');
    await expect(qppv.getByRole('heading', { name: 'Tareas', level: 1 })).toBeVisible();

    const admin = await adminContext.newPage();
    await signInAt(admin, ADMIN, '/adminusers');
    await openParameters(admin);
    const kinship = table(admin, 'Parentesco');
    await kinship.getByRole('button', { name: 'Agregar elemento a Parentesco' }).click();
    await kinship.getByLabel('Nombre').fill(`Vecino ${testInfo.project.name} ${Date.now()}`);
    await kinship.getByRole('button', { name: 'Guardar' }).click();
    await expect(admin.getByText('Creado correctamente')).toBeVisible();

    await expect(qppv.getByRole('alert').filter({ hasText: 'Cambio en la configuración' })).toBeVisible({ timeout: 15_000 });
  } finally {
    await adminContext.close();
    await qppvContext.close();
  }
});

test('at 1280 px every table stays inside its column: no page scrolls sideways and each Agregar is whole', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, ADMIN, '/adminusers');
  await openParameters(page);
  await expect(table(page, 'Paises').getByRole('button', { name: 'Agregar elemento a Paises' })).toBeVisible();
  const pageScroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(pageScroll).toBeLessThanOrEqual(0);
  // Two equal columns: a table wider than its column would widen its card past the column.
  const widths = await page.getByRole('region').evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().width)));
  expect(widths.length).toBeGreaterThan(3);
  expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);
  const adds = page.getByRole('button', { name: /^Agregar elemento a / });
  for (const add of await adds.all()) {
    const name = (await add.getAttribute('aria-label'))?.replace('Agregar elemento a ', '') ?? '';
    const [button, card] = await Promise.all([add.boundingBox(), table(page, name).boundingBox()]);
    expect(button && card, 'button and its table are laid out').toBeTruthy();
    if (button && card) expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
    // Its label whole: a squeezed button hides the end of 'Agregar'.
    const clipped = await add.evaluate((element) =>
      [element, ...Array.from(element.querySelectorAll("span"))].some((part) => part.scrollWidth > part.clientWidth),
    );
    expect(clipped, `'Agregar' of ${name} is cut`).toBe(false);
  }
});
