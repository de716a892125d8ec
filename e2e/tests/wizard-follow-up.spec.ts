import { expect, test } from '@playwright/test';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { sentCase } from '../support/cases';
import { advance, apiGet, field, next } from '../support/wizard';

/**
 * Event spec §2.4 (edit/2, 'Finalizar la creación del Reporte de Seguimiento'), issue 5 §3: a
 * follow-up report is added to a sent case; it becomes a linked event `{case}-S{n}` holding
 * what the follow-up says, and the case lists it among its follow-ups.
 */

const RLF = 'rlf@demo.atalaya';

test('a follow-up report is added to a sent case and becomes its linked event', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const { meta, reference } = await sentCase(page, token);

  await page.goto(`/reportableEvent/${meta}/edit/2`);
  await expect(page.getByRole('heading', { name: new RegExp(`Reporte de Seguimiento.*${reference}`) })).toBeVisible({ timeout: 15_000 });

  // The draft starts from the case: the follow-up says the patient now weighs 77 kg.
  await expect(field(page, 'Alias')).toHaveValue('RGT');
  await field(page, 'Peso').fill('77');
  await next(page);
  await expect(page.getByRole('form', { name: 'Origen del reporte' })).toBeVisible();
  await next(page);
  await expect(page.getByText('Enaltar 10').first()).toBeVisible();
  await next(page);
  await expect(page.getByText('Cefalea leve')).toBeVisible();
  for (let step = 4; step <= 7; step += 1) await advance(page);

  await page.getByRole('button', { name: 'Enviar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Finalizar la creación del Reporte de Seguimiento' });
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(/\/reportableEvent\/[^/]+\/view\/details\/3$/i, { timeout: 15_000 });
  const followUpMeta = new URL(page.url()).pathname.split('/')[2] ?? '';
  expect(followUpMeta).not.toBe(meta);

  // The follow-up event holds what the report says; the case lists the report.
  expect(await apiGet(page, token, `getERByMeta/${followUpMeta}`)).toMatchObject({
    NumeroReferencia: `${reference}-S1`, EventType: 3, ParentMeta: meta, Status: 2,
  });
  expect(await apiGet(page, token, `getPacienteByERMeta/${followUpMeta}`)).toMatchObject({ Initials: 'RGT', Weight: 77 });
  expect(await apiGet(page, token, `getPacienteByERMeta/${meta}`)).toMatchObject({ Weight: 80 });
  const followUps = await apiGet<unknown[]>(page, token, `getERFollowUpByMeta/${meta}`);
  expect(followUps).toHaveLength(1);

  // The case's view lists the report under Seguimiento and its event under Eventos de Seguimiento.
  await page.goto(`/reportableEvent/${meta}/view/followup`);
  await expect(page.getByRole('table', { name: 'Reportes de seguimiento' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('tab', { name: 'Eventos de Seguimiento' }).click();
  await page.getByRole('link', { name: `${reference}-S1` }).click();
  await expect(page).toHaveURL(new RegExp(`/reportableEvent/${followUpMeta}/view/details/3$`, 'i'));
  await expect(page.getByRole('heading', { level: 1, name: `Evento Reportable: ${reference}-S1` })).toBeVisible();
});
