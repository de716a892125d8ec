import { expect, test, type Page } from '@playwright/test';
import { DEMO_ROLES } from '../support/demo-users';
import { signInAt } from '../support/session';

/**
 * What an ADMIN edits for the E2B exchange (docs/e2b.md, docs/roles.md: Parámetros and Configuración
 * are the ADMIN's), on a phone (the 'phone' project: Pixel 7, touch): the 'Código E2B' of a route in
 * Parámetros, the sender of 'Intercambio E2B(R3)' and the 'Receptores E2B' of Configuración, each on
 * a value that has data and on one that has none. Nothing is wider than the window (a table scrolls
 * inside its own frame), and each edit is saved.
 */

const ADMIN = DEMO_ROLES.find((role) => role.role === 'ADMIN')?.email ?? 'admin@demo.atalaya';

async function expectNothingWider(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide = Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !element.closest('.mantine-ScrollArea-root, [class*="crollContainer"]'))
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 60)} → ${Math.round(element.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
  // A phone widens its layout viewport to fit what sticks out: the window must keep the screen's width.
  expect.soft(overflow.width, `${where}: window width; ${overflow.wide.join(' | ')}`).toBe(page.viewportSize()?.width);
  expect.soft(overflow.scrollWidth, `${where}: ${overflow.wide.join(' | ')}`).toBeLessThanOrEqual(overflow.width);
  expect.soft(overflow.wide, where).toEqual([]);
}

test('on a phone an ADMIN reads and sets the E2B code of a route in Parámetros', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const name = `Intraósea ${testInfo.project.name} ${Date.now()}`;
  await signInAt(page, ADMIN, '/adminusers');
  await page.goto('/parameters');
  await expect(page.getByRole('heading', { name: 'Parametros', level: 1 })).toBeVisible({ timeout: 30_000 });
  const routes = page.getByRole('region', { name: 'Via', exact: true });
  await routes.scrollIntoViewIfNeeded();
  await expect(routes.getByRole('columnheader', { name: 'Código E2B' })).toBeVisible({ timeout: 30_000 });
  await expect(routes.getByText('el término EDQM (ROA-…) o la lista 14 de ICH', { exact: false })).toBeVisible();
  // A route with its code: the seeded oral route, in ICH's list 14.
  await expect(routes.getByRole('row').filter({ hasText: 'Oral' }).first().getByRole('cell', { name: '048', exact: true })).toBeAttached();
  await expectNothingWider(page, 'Parámetros');

  // A route without a code.
  await routes.getByRole('button', { name: 'Agregar elemento a Via' }).tap();
  await routes.getByLabel('Descripción').fill(name);
  await expectNothingWider(page, 'Parámetros, a new route');
  await routes.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText('Creado correctamente')).toBeVisible();
  const row = routes.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell').nth(1)).toHaveText('');

  // Its EDQM code: the bare number is refused with the server's Spanish message, the class-code form is saved.
  await row.getByRole('button', { name: `Editar ${name}` }).tap();
  await routes.getByLabel('Código E2B').fill('20036500');
  await routes.getByRole('button', { name: 'Guardar' }).tap();
  await expect(routes.getByText('El código E2B «20036500» no es válido: debe ser un código EDQM de vía de administración', { exact: false })).toBeVisible();
  await expectNothingWider(page, 'Parámetros, a refused code');
  await routes.getByLabel('Código E2B').fill('ROA-20036500');
  await routes.getByRole('button', { name: 'Guardar' }).tap();
  // The save answers within a second when the machine is quiet; CI's two cores, shared with two
  // other workers' specs, once took longer than the default 10 s (the toast stays 10 s once shown).
  await expect(page.getByText('El elemento fue actualizado')).toBeVisible({ timeout: 30_000 });
  await expect(routes.getByRole('row').filter({ hasText: name }).getByRole('cell', { name: 'ROA-20036500', exact: true })).toBeAttached();
  await expectNothingWider(page, 'Parámetros, the code saved');

  // Saved on the server: still there after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Via', exact: true }).getByRole('row').filter({ hasText: name }).getByRole('cell', { name: 'ROA-20036500', exact: true })).toBeAttached({ timeout: 30_000 });
  await page.getByRole('region', { name: 'Via', exact: true }).getByRole('row').filter({ hasText: name }).getByRole('button', { name: `Deshabilitar ${name}` }).tap();
  await expect(page.getByText('Deshabilitado correctamente')).toBeVisible();
});

test('on a phone an ADMIN edits the E2B sender and the E2B receivers in Configuración', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAt(page, ADMIN, '/adminusers');
  await page.goto('/settings');
  const sender = page.getByRole('region', { name: 'Intercambio E2B(R3)' });
  await expect(sender).toBeVisible({ timeout: 30_000 });
  await sender.scrollIntoViewIfNeeded();
  // A detail with data (the organisation) and one without (the department, left out of C.3 while blank).
  const organisation = sender.getByLabel(/Organización remitente/);
  const department = sender.getByLabel(/Departamento del remitente/);
  await expect(organisation).not.toHaveValue('');
  await expect(department).toHaveValue('');
  await expectNothingWider(page, 'Configuración, Intercambio E2B(R3)');

  const departmentName = `Farmacovigilancia ${testInfo.project.name}`;
  await department.fill(departmentName);
  await page.getByRole('button', { name: 'Guardar', exact: true }).tap();
  await expect(page.getByText('Configuración actualizada').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Intercambio E2B(R3)' }).getByLabel(/Departamento del remitente/)).toHaveValue(departmentName, { timeout: 30_000 });
  // Back to blank, as the other specs expect it.
  await page.getByRole('region', { name: 'Intercambio E2B(R3)' }).getByLabel(/Departamento del remitente/).fill('');
  await page.getByRole('button', { name: 'Guardar', exact: true }).tap();
  await expect(page.getByText('Configuración actualizada').first()).toBeVisible();

  // The receivers: the seeded ones, and one added, renamed and removed by touch.
  const receivers = page.getByRole('region', { name: 'Receptores E2B' });
  await receivers.scrollIntoViewIfNeeded();
  await expect(receivers.getByRole('cell', { name: 'ZZFDA', exact: true })).toBeAttached();
  await expectNothingWider(page, 'Configuración, Receptores E2B');
  const code = `TEL-${testInfo.project.name}-${Date.now()}`.toUpperCase();
  await receivers.getByLabel('Identificador del receptor').fill(code);
  await receivers.getByLabel('Nombre del receptor').fill('Socio por teléfono');
  await receivers.getByRole('button', { name: 'Agregar receptor' }).tap();
  const row = receivers.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Socio por teléfono');
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await expectNothingWider(page, 'Configuración, a receiver added');

  await row.getByRole('button', { name: `Editar ${code}` }).tap();
  await receivers.getByLabel('Nombre del receptor').fill('Socio renombrado');
  await receivers.getByRole('button', { name: 'Guardar receptor' }).tap();
  await expect(receivers.getByRole('row').filter({ hasText: code })).toContainText('Socio renombrado');
  await page.reload();
  const saved = page.getByRole('region', { name: 'Receptores E2B' }).getByRole('row').filter({ hasText: code });
  await expect(saved).toContainText('Socio renombrado', { timeout: 30_000 });
  await expectNothingWider(page, 'Configuración, a receiver renamed');
  await saved.getByRole('button', { name: `Eliminar ${code}` }).tap();
  await expect(saved).toHaveCount(0);
});
