import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_ROLES } from '../support/demo-users';
import { signInAt } from '../support/session';

const ADMIN = DEMO_ROLES.find((role) => role.role === 'ADMIN')?.email ?? 'admin@demo.atalaya';

/** The hash the file's last line states, and the hash of every byte before that line. */
function hashes(bytes: Buffer): { stated: string | null; computed: string } {
  const start = bytes.lastIndexOf(Buffer.from('\r\n# SHA-256: ')) + 2;
  const stated = /^# SHA-256: ([0-9a-f]{64})/.exec(bytes.subarray(start).toString('utf8'))?.[1] ?? null;
  return { stated, computed: createHash('sha256').update(bytes.subarray(0, start)).digest('hex') };
}

test('the audit trail shows a parameter change made in the same test, with its detail and its file', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const name = `Vía de auditoría ${testInfo.project.name} ${Date.now()}`;
  await signInAt(page, ADMIN, '/adminusers');

  // The change: a row added on /parameters.
  await page.goto('/parameters');
  await expect(page.getByRole('heading', { name: 'Parametros', level: 1 })).toBeVisible();
  const ways = page.getByRole('region', { name: 'ViaDeComunicacion', exact: true });
  await ways.getByRole('button', { name: 'Agregar elemento a ViaDeComunicacion' }).click();
  await ways.getByLabel('Nombre').fill(name);
  await ways.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Creado correctamente')).toBeVisible();

  // The audit trail opens on Evento Reportable: ADMIN reads every case's entries, each reference as plain text (no link to a case it cannot open).
  await page.goto('/audittrail');
  await expect(page.getByRole('heading', { name: 'Auditoría', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Evento Reportable' })).toHaveAttribute('aria-selected', 'true');
  const events = page.getByRole('table', { name: 'Auditoría de Evento Reportable' });
  await expect(events.getByText(/^UY-2026-\d{6}$/).first()).toBeVisible();
  await expect(events.getByRole('link', { name: /^UY-2026-/ })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Parametros' }).click();
  const filters = page.getByRole('form', { name: 'Filtros de Parametros' });
  await filters.getByRole('combobox', { name: 'Tabla' }).fill('ViaDeCom');
  await page.getByRole('option', { name: 'ViaDeComunicacion' }).click();
  await filters.getByRole('button', { name: 'Buscar' }).click();

  const list = page.getByRole('table', { name: 'Auditoría de Parametros' });
  const row = list.getByRole('row').filter({ hasText: 'Elemento agregado a ViaDeComunicacion' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText('Creado')).toBeVisible();
  await row.getByRole('button', { name: /Ver detalle/ }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle de auditoría' });
  await expect(detail.getByRole('cell', { name, exact: true }).first()).toBeVisible();
  await expect(detail.getByText('Tabla:')).toBeVisible();
  await expect(detail.getByText(/SHA-256: [0-9a-f]{64}/)).toBeVisible();
  await detail.getByRole('button').first().click();
  await expect(detail).toBeHidden();

  // The file of the panel: it holds the change, and its last line is the SHA-256 of the rest.
  const [download] = await Promise.all([page.waitForEvent('download'), filters.getByRole('button', { name: 'Descargar archivo' }).click()]);
  const bytes = await readFile(await download.path());
  const { stated, computed } = hashes(bytes);
  expect(stated).toBe(computed);
  expect(download.suggestedFilename()).toBe(`Auditoria-Parametros-${computed.slice(0, 16)}.csv`);
  expect(bytes.toString('utf8')).toContain(name);

  // The download itself is in the Configuración panel.
  await page.getByRole('tab', { name: 'Configuración' }).click();
  await expect(page.getByRole('table', { name: 'Auditoría de Configuración' }).getByText('Archivo de auditoría descargado: Parametros').first()).toBeVisible();

  // Dates out of order are refused before asking.
  await page.getByRole('tab', { name: 'Usuarios' }).click();
  const users = page.getByRole('form', { name: 'Filtros de Usuarios' });
  await users.getByLabel('Desde').fill('10/01/2026');
  await users.getByLabel('Hasta').fill('05/01/2026');
  await users.getByLabel('Hasta').blur();
  await expect(users.getByText('La fecha hasta debe ser igual o posterior a la fecha desde')).toBeVisible();
  await expect(users.getByRole('button', { name: 'Buscar' })).toBeDisabled();
});
