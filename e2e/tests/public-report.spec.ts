import { expect, test, type Browser } from '@playwright/test';
import { demoRole } from '../support/demo-users';
import { DEMO_PRODUCT_UY, fillReport, sendPublicReport, startReport } from '../support/public-report';
import { signInAt } from '../support/session';

interface StoredReport {
  Reference: string;
  IsMedic: boolean;
  Data: {
    Paciente: { Iniciales: string };
    RAM: { Reaccion: string; MedDRA?: { llt_name: string } }[];
    Medicamento: { Producto: { ComercialName: string } }[];
  };
}

/** Reads a stored report as RLF: signs in through the UI, then uses the session cookie to get a token. */
async function storedReport(browser: Browser, reference: string): Promise<StoredReport> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, demoRole('RLF').email, '/workflow');
  // The refresh grant takes the cookie only from the site's own pages: send the page's Origin, as the browser does.
  const login = await page.request.post('/api/login', { form: { grant_type: 'refresh_token' }, headers: { origin: new URL(page.url()).origin } });
  expect(login.ok()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const response = await page.request.get(`/api/getEventoDeHomeByReference/${reference}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as StoredReport;
  await context.close();
  return body;
}

function sequenceOf(reference: string): number {
  return Number(reference.slice(-6));
}

// The 'phone' project leaves the @desktop variant out and runs the narrow one with touch.
const VIEWPORTS = [
  { name: 'escritorio', width: 1280, height: 860, tag: ['@desktop'] },
  { name: 'teléfono', width: 390, height: 844, tag: [] },
];

for (const viewport of VIEWPORTS) {
  test.describe(`Reporte público (${viewport.name}, ${viewport.width} px)`, { tag: viewport.tag }, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const isMedic of [false, true]) {
      const who = isMedic ? 'un profesional de la salud' : 'un paciente';
      test(`${who} completa los nueve pasos y el reporte queda guardado`, async ({ page, browser }, testInfo) => {
        // Nine steps, the captcha's proof of work and a staff check of the stored report: on CI's two cores, shared with the
        // other worker and both servers, the desktop run of a health professional took 1.7–2.1 min.
        test.setTimeout(240_000);
        await page.goto('/');
        const dialog = await startReport(page, isMedic);
        // Unique per project too: the 'app' and 'phone' projects send to the same server.
        const reaction = `Erupción con picazón ${viewport.width} ${String(isMedic)} ${testInfo.project.name}`;
        const typed = { initials: isMedic ? 'RM' : 'JPG', reaction };
        await fillReport(dialog, isMedic, typed);
        await expect(dialog.getByText(typed.reaction)).toBeVisible();
        const reference = await sendPublicReport(dialog);
        await expect(dialog.getByText('¡Gracias por reportar!')).toBeVisible();

        const noHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
        expect(noHorizontalScroll).toBe(true);

        const stored = await storedReport(browser, reference);
        expect(stored.IsMedic).toBe(isMedic);
        expect(stored.Data.Paciente.Iniciales).toBe(typed.initials);
        expect(stored.Data.RAM[0]?.Reaccion).toBe(typed.reaction);
        expect(stored.Data.Medicamento[0]?.Producto.ComercialName).toBe(DEMO_PRODUCT_UY);
        if (isMedic) expect(stored.Data.RAM[0]?.MedDRA?.llt_name).toBe('Cefalea');

        await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
        await expect(dialog).toBeHidden();

        // A second report gets the next number of the sequence.
        const again = await startReport(page, isMedic);
        await fillReport(again, isMedic, typed);
        const second = await sendPublicReport(again);
        expect(second.slice(0, 8)).toBe(reference.slice(0, 8));
        expect(sequenceOf(second)).toBeGreaterThan(sequenceOf(reference));
      });
    }
  });
}
