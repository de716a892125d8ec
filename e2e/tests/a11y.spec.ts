import { EVENT_VIEW_TABS, eventViewPath, visibleViewTabs } from '@atalaya/domain';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, caseForEveryRole, sentCase } from '../support/cases';
import { DESKTOP_VIEWPORT, expectKeyboardModal, ScreenAudit } from '../support/a11y';
import { demoRole } from '../support/demo-users';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';

/**
 * Issue 20 §2 and §3, issue 30 §10: every screen, public and internal, as each role that sees it
 * (ADMIN, QPPV, RLF, CL, Fabricante), at 1280 px and at 390 px: no serious or critical axe
 * violation (WCAG 2.0 A/AA, 2.1 A/AA: the header's user button once failed 2.1 A's
 * label-content-name-mismatch) and, at 390 px, no page
 * wider than the window. One test per role (signed in once: the refresh cookie rotates on every
 * use, so a saved session could not serve two tests), each screen visited once and audited at
 * both widths; each test lists all it found at the end.
 * Then three representative dialogs driven by keyboard alone.
 */
// Axe over a whole screen takes seconds on a loaded machine: a role's dozen screens at two widths need the time.
test.describe.configure({ mode: 'parallel', timeout: 420_000 });
// Each screen is audited at 1280 px, then in a 390-px window (`checkAtBothWidths`).
test.use({ viewport: DESKTOP_VIEWPORT });

/** Opens `path` and waits for its page heading. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
}

/** Visits each screen (path, name) in turn and audits it at both widths. */
async function auditScreens(page: Page, audit: ScreenAudit, screens: readonly (readonly [string, string])[]): Promise<void> {
  for (const [path, name] of screens) {
    await visit(page, path);
    await audit.checkAtBothWidths(name);
  }
}

/** The audit's name of a case view tab. */
function tabScreen(step: string): string {
  return `Evento: ${EVENT_VIEW_TABS.find((tab) => tab.step === step)?.label ?? step}`;
}

test('the public screens: landing, the public form, sign-in, password and Teams', async ({ page }) => {
  const audit = new ScreenAudit(page);
  await visit(page, '/');
  await audit.checkAtBothWidths('Inicio');

  await page.getByRole('button', { name: 'Reportar una reacción adversa' }).click();
  const start = page.getByRole('dialog', { name: 'Reportar una reacción adversa' });
  await expect(start).toBeVisible();
  await audit.checkAtBothWidths('Formulario público: ¿profesional de la salud?');
  await start.getByRole('button', { name: 'No', exact: true }).click();
  const form = page.getByRole('dialog', { name: /^Reporte de/ });
  await expect(form.getByLabel('Iniciales del paciente')).toBeVisible();
  await audit.checkAtBothWidths('Formulario público: primer paso (paciente)');

  await visit(page, '/login');
  await audit.checkAtBothWidths('Iniciar sesión');
  await visit(page, '/changepassword?token=prueba');
  await audit.checkAtBothWidths('Cambiar contraseña (enlace)');
  await visit(page, '/teamsConfig');
  await audit.checkAtBothWidths('Configuración de Teams');
  audit.expectClean();
});

test('an RLF’s screens: Tareas, the summary, the wizard, the case view, the searches, the indicators', async ({ page }) => {
  const audit = new ScreenAudit(page);
  const rlf = demoRole('RLF');
  await signInAt(page, rlf.email, rlf.home);
  await expect(page.getByRole('heading', { name: 'Tareas', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Abrir el reporte / }).first()).toBeVisible({ timeout: 15_000 });
  await audit.checkAtBothWidths('Tareas');

  await page.getByRole('button', { name: /^Abrir el reporte / }).first().click();
  const summary = page.getByRole('dialog', { name: 'Reporte generado por médico / paciente' });
  await expect(summary.getByRole('button', { name: 'Cancelar' })).toBeVisible({ timeout: 15_000 });
  await audit.checkAtBothWidths('Resumen del reporte (Tareas)');
  await page.keyboard.press('Escape');
  await expect(summary).toBeHidden();

  const token = await accessToken(page, rlf.email);
  const created = await apiPost<{ MetaData: string }>(page, token, 'createER', { Country: 'UY', SubGrupoId: 1 });
  await visit(page, `/reportableEvent/${created.MetaData}/edit/`);
  await audit.checkAtBothWidths('Asistente: primer paso');

  await visit(page, '/eventsearch');
  await expect(page.locator('a[href*="/view/details"]').first()).toBeVisible({ timeout: 15_000 });
  await audit.checkAtBothWidths('Búsqueda de eventos');

  // A case of this test's own (a RAM case sent into the workflow), each tab by its address:
  // the same tabs whatever other specs add, however the tabs are drawn.
  const sent = await sentCase(page, token);
  for (const step of visibleViewTabs({ IsRAM: true, TieneFollowUp: false })) {
    await visit(page, eventViewPath(sent.meta, step));
    await audit.checkAtBothWidths(tabScreen(step));
  }

  await auditScreens(page, audit, [
    ['/productSearch', 'Búsqueda por producto'],
    ['/indicators', 'Indicadores'],
    ['/nokpis', 'Eventos que no cumplen KPI'],
    ['/myuser', 'Mi usuario'],
  ]);
  audit.expectClean();
});

// The other case roles: their home, the screens of their menu, and a case of their reach (its details and Imputabilidad).
for (const role of ['QPPV', 'CL', 'Fabricante'] as const) {
  test(`the ${role}’s screens: its menu’s screens and a case of its reach`, async ({ page, browser }) => {
    const audit = new ScreenAudit(page);
    const demo = demoRole(role);
    const context = await browser.newContext();
    const helper = await context.newPage();
    const sent = await caseForEveryRole(helper, await accessToken(helper, demoRole('RLF').email));
    await context.close();

    await signInAt(page, demo.email, demo.home);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
    await audit.checkAtBothWidths(`Inicio (${demo.home})`);
    const screens: [string, string][] = [
      ['/workflow', 'Tareas'],
      ['/eventsearch', 'Búsqueda de eventos'],
      ['/productSearch', 'Búsqueda por producto'],
      ['/indicators', 'Indicadores'],
      ['/nokpis', 'Eventos que no cumplen KPI'],
      ['/duplicates', 'Duplicados'],
      ['/signals', 'Señales'],
      ['/adminusers', 'Usuarios'],
      ['/myuser', 'Mi usuario'],
    ];
    const inMenu = new Set([...demo.navBar, ...demo.admin, 'Mi usuario']);
    const names: Record<string, string> = {
      Tareas: 'Tareas',
      'Búsqueda de eventos': 'Eventos reportables',
      'Búsqueda por producto': 'Búsqueda por producto',
      Indicadores: 'Indicadores',
      'Eventos que no cumplen KPI': "Eventos que no cumplen KPI's",
      Duplicados: 'Duplicados',
      Señales: 'Señales',
      Usuarios: 'Usuarios',
      'Mi usuario': 'Mi usuario',
    };
    await auditScreens(page, audit, screens.filter(([path, name]) => path !== demo.home && inMenu.has(names[name] ?? name)));
    for (const step of ['details', 'evaluation'] as const) {
      await visit(page, eventViewPath(sent.meta, step));
      await expect(page.getByText(sent.reference).first()).toBeVisible();
      await audit.checkAtBothWidths(tabScreen(step));
    }
    audit.expectClean();
  });
}

test('the ADMIN’s screens: users, metrics, settings, parameters, audit trail, data import', async ({ page }) => {
  const audit = new ScreenAudit(page);
  const admin = demoRole('ADMIN');
  await signInAt(page, admin.email, admin.home);
  await expect(page.getByRole('table', { name: 'Usuarios' }).or(page.getByRole('list', { name: 'Usuarios' })).first()).toBeVisible({ timeout: 15_000 });
  await audit.checkAtBothWidths('Usuarios');
  await page.locator('a[href^="/adminusers/"]').first().click();
  const panel = page.getByRole('dialog', { name: 'Editar usuario' });
  await expect(panel.getByRole('textbox', { name: 'Correo electrónico' })).not.toHaveValue('');
  await audit.checkAtBothWidths('Editar usuario');

  await auditScreens(page, audit, [
    ['/metrics', 'Métricas'],
    ['/settings', 'Configuración'],
    ['/audittrail', 'Auditoría'],
    ['/dataimport', 'Importación de datos'],
  ]);
  // Parámetros is one table component repeated for each of its lists: axe reads the first two
  // (all of them take it 20 s); the side-scroll check still measures the whole page.
  await visit(page, '/parameters');
  await expect(page.locator('section[aria-labelledby^="tabla-"]').first()).toBeVisible();
  await audit.checkAtBothWidths('Parámetros', { exclude: 'section[aria-labelledby^="tabla-"]:nth-child(n+3)' });
  audit.expectClean();
});

test.describe('dialogs by keyboard alone', () => {
  test('the summary of Tareas and its Descartar comment: Tab stays inside, Escape closes, focus returns', async ({ page }) => {
    const rlf = demoRole('RLF');
    await signInAt(page, rlf.email, rlf.home);
    const opener = page.getByRole('button', { name: /^Abrir el reporte / }).first();
    await expect(opener).toBeVisible({ timeout: 15_000 });
    const summary = page.getByRole('dialog', { name: 'Reporte generado por médico / paciente' });
    await expectKeyboardModal(page, opener, summary);

    // The comment a discard asks for, over the summary: Escape closes it alone, back on Descartar.
    await opener.click();
    const discard = summary.getByRole('button', { name: 'Descartar' });
    await expect(discard).toBeVisible({ timeout: 15_000 });
    const confirm = page.getByRole('dialog', { name: 'Descartar reporte' });
    await expectKeyboardModal(page, discard, confirm, 6);
    await expect(summary).toBeVisible();
  });

  test('the ADMIN’s user panel and the MedDRA import: Tab stays inside, Escape closes, focus returns', async ({ page }) => {
    const admin = demoRole('ADMIN');
    await signInAt(page, admin.email, admin.home);
    const add = page.getByRole('button', { name: 'Agregar usuario' });
    await expect(page.getByRole('table', { name: 'Usuarios' })).toBeVisible({ timeout: 15_000 });
    await expectKeyboardModal(page, add, page.getByRole('dialog', { name: 'Nuevo usuario' }));

    const edit = page.locator('a[href^="/adminusers/"]').first();
    await expectKeyboardModal(page, edit, page.getByRole('dialog', { name: 'Editar usuario' }));

    await visit(page, '/dataimport');
    const meddra = page.getByRole('button', { name: /MedDRA/ }).first();
    await expectKeyboardModal(page, meddra, page.getByRole('dialog', { name: /MedDRA/ }), 8);
  });
});
