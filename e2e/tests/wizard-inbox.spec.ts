import { expect, test, type Browser } from '@playwright/test';
import { accessToken } from '../support/public-form';
import { fillReport, sendPublicReport, startReport } from '../support/public-report';
import { signInAt } from '../support/session';
import { advance, apiGet, field, metaOf, next, pickRadio } from '../support/wizard';
import { openEnteredCase } from '../support/triage';

/**
 * Event spec §2.4 step 1 ('Origen de reporte ( {reference} )'), §4: a case entered from the
 * inbox opens in the wizard with the report's data; the RLF completes what the reporter could
 * not know (the MedDRA term, whether the reaction was expected) and sends it.
 */

const RLF = 'rlf@demo.atalaya';

function uniqueInitials(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

async function sendPatientReport(browser: Browser, initials: string, reaction: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/');
    const dialog = await startReport(page, false);
    await fillReport(dialog, false, { initials, reaction });
    return await sendPublicReport(dialog);
  } finally {
    await context.close();
  }
}

test('a case entered from the inbox is completed in the wizard and sent', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const initials = uniqueInitials();
  const reaction = `Prurito en brazos ${initials}`;
  const reference = await sendPatientReport(browser, initials, reaction);

  await signInAt(page, RLF, '/workflow');
  await page.getByRole('button', { name: `Abrir el reporte ${reference}` }).click();
  const modal = page.getByRole('dialog', { name: 'Reporte generado por médico / paciente' });
  await modal.getByRole('combobox', { name: 'Tipo de acontecimiento' }).click();
  await page.getByRole('option', { name: 'Reacción adversa a medicamento', exact: true }).click();
  await modal.getByRole('button', { name: 'Ingresar' }).click();
  await openEnteredCase(page);
  const meta = metaOf(page);

  // Step 0 holds the reporter's patient; step 1 is the report itself.
  await expect(field(page, 'Alias')).toHaveValue(initials, { timeout: 15_000 });
  await next(page);
  await expect(page.getByText(`Origen de reporte ( ${reference} )`)).toBeVisible();
  await next(page);

  // Step 2: the suspect medicine the reporter named is already there.
  await expect(page.getByRole('table', { name: 'Medicamentos relacionados' }).getByRole('row')).not.toHaveCount(1);
  await next(page);

  // Step 3: the copied reaction needs its MedDRA term and whether it was expected.
  await expect(page.getByText(reaction)).toBeVisible();
  await page.getByRole('button', { name: /Editar/ }).first().click();
  const ram = page.getByRole('dialog', { name: /evento/i });
  await field(ram, 'Término MedDRA').fill('prurit');
  await page.getByRole('option', { name: /^Prurito/ }).first().click();
  await pickRadio(ram, '¿Es esperado?', 'Sí');
  await ram.getByRole('button', { name: 'Confirmar' }).click();
  await expect(ram).toBeHidden();
  for (let step = 4; step <= 7; step += 1) await advance(page);

  await page.getByRole('button', { name: 'Enviar' }).click();
  await page.getByRole('dialog', { name: 'Finalizar la creación del evento reportable' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(new RegExp(`/reportableEvent/${meta}/view/details`, 'i'), { timeout: 15_000 });

  const token = await accessToken(page, RLF);
  expect(await apiGet(page, token, `getERByMeta/${meta}`)).toMatchObject({ Status: 2, NumeroReferenciaHome: reference });
  const rams = await apiGet<{ MedraLLT: { llt_name: string | null }; IsExpected: boolean | null; Description: string }[]>(page, token, `getRAMByMeta/${meta}`);
  expect(rams[0]).toMatchObject({ IsExpected: true, Description: reaction });
  expect(rams[0]?.MedraLLT.llt_name).toMatch(/^Prurito/);
});
