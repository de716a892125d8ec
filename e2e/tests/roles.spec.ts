import { expect, test } from '@playwright/test';
import { DEMO_ROLES } from '../support/demo-users';
import { accessToken } from '../support/public-form';
import { signIn, signInAt } from '../support/session';
import { apiGet } from '../support/wizard';

for (const demo of DEMO_ROLES) {
  test(`${demo.role} signs in, lands on ${demo.home} and sees the role's menus`, async ({ page }) => {
    await signIn(page, demo.email, { expectUrl: demo.home });

    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link')).toHaveText(demo.navBar);

    const adminButton = page.getByRole('button', { name: 'Administración' });
    if (demo.admin.length === 0) {
      await expect(adminButton).toHaveCount(0);
    } else {
      await adminButton.click();
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(demo.admin);
      await page.keyboard.press('Escape');
    }

    const createEvent = page.getByRole('button', { name: 'Crear Evento Reportable' });
    if (demo.canCreateEvents) {
      await createEvent.click();
      // A CL's icon opens the patient report form itself (platform spec §6); the others get the create-event dialog.
      const dialogName = demo.role === 'CL' ? /^Reporte de/ : 'Crear Evento Reportable';
      await expect(page.getByRole('dialog', { name: dialogName })).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Reportar una reacción adversa' })).toHaveCount(0);
    } else {
      await expect(createEvent).toHaveCount(0);
    }
  });
}

test('the compact layout (390 px) moves the navigation into a left drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, 'rlf@demo.atalaya', '/workflow');
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Abrir navegación' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: /Indicadores/ }).click();
  await expect(page).toHaveURL(/\/indicators$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Indicadores' })).toBeVisible();
});

// docs/roles.md 'Reporter contact': a Fabricante reads the case, not who reported it.
test('a Fabricante sees a placeholder, not the reporter’s name, e-mail and phone, in a case entered from a report', async ({ page }) => {
  const fabricante = 'fabricante@demo.atalaya';
  await signInAt(page, fabricante, '/workflow');
  const token = await accessToken(page, fabricante);
  // The demo report RH-…-900014 (Dr. Raúl Bentancor), entered and now waiting on the manufacturer.
  const list = await apiGet<{ Result: { Meta: string; NumeroReferenciaHome: string | null }[] }>(page, token, 'getWorkFlow/1/15/FechaSolicitud/0/0/0/0/0/0');
  const entered = list.Result.find((row) => row.NumeroReferenciaHome?.endsWith('900014'));
  expect(entered, 'the demo case entered from report 900014').toBeDefined();

  await page.goto(`/reportableEvent/${entered?.Meta ?? ''}/view/details`);
  await page.getByRole('tab', { name: 'Detalle', exact: true }).click();
  const who = page.getByRole('region', { name: 'Quién reportó' });
  await expect(who.getByText('Médico', { exact: true })).toBeVisible();
  await expect(who.getByText('Reservado: no visible para su rol')).toHaveCount(3);
  await expect(who.getByText('Cardiólogo')).toBeVisible();
  await expect(page.getByText(/Bentancor|rbentancor@cudam/)).toHaveCount(0);
});
