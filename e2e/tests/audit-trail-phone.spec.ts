import { expect, test } from '@playwright/test';
import { signInAt } from '../support/session';

test('on a phone the audit trail lists cards, and a card opens its detail', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/audittrail');
  await expect(page.getByRole('heading', { name: 'Auditoría', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Configuración' }).tap();
  const filters = page.getByRole('form', { name: 'Filtros de Configuración' });
  // A download writes a row of this panel: there is at least one card to show.
  const [download] = await Promise.all([page.waitForEvent('download'), filters.getByRole('button', { name: 'Descargar archivo' }).tap()]);
  expect(download.suggestedFilename()).toMatch(/^Auditoria-Configuracion-[0-9a-f]{16}\.csv$/);
  await filters.getByRole('button', { name: 'Buscar' }).tap();
  const cards = page.getByRole('list', { name: 'Auditoría de Configuración' });
  const card = cards.getByRole('article').filter({ hasText: 'Archivo de auditoría descargado' }).first();
  await expect(card).toBeVisible();
  await expect(page.getByRole('table', { name: 'Auditoría de Configuración' })).toHaveCount(0);
  await card.getByRole('button', { name: /Ver detalle/ }).tap();
  const detail = page.getByRole('dialog', { name: 'Detalle de auditoría' });
  await expect(detail.getByRole('cell', { name: 'SHA256', exact: true })).toBeVisible();
});
