import { expect, test, type Locator } from '@playwright/test';
import { completeStep, expectStep } from '../support/public-form';
import { DEMO_PRODUCT_UY, next, startReport } from '../support/public-report';

/**
 * Runs in the 'phone' project only (Pixel 7: isMobile, hasTouch). Every select of the public
 * report form is tapped and an option tapped in turn: the modal must stay where it is (it used
 * to jump and flicker, the phone widening the page to fit a misplaced dropdown) and the choice
 * must be taken.
 */

/** The dialog's box and the page's width on each of `frames` animation frames, as distinct strings. */
function layoutsDuring(dialog: Locator, frames: number): Promise<string[]> {
  return dialog.evaluate(
    (element, count) =>
      new Promise<string[]>((resolve) => {
        const seen = new Set<string>();
        let left = count;
        const sample = () => {
          const box = element.getBoundingClientRect();
          seen.add(`${box.x},${box.y},${box.width},${box.height} in ${window.innerWidth}`);
          left -= 1;
          if (left > 0) requestAnimationFrame(sample);
          else resolve([...seen]);
        };
        requestAnimationFrame(sample);
      }),
    frames,
  );
}

interface Choice {
  /** Text typed after the tap (searchable selects and the MedDRA search). */
  type?: string;
  /** The option to tap; the first one offered when not given. */
  option?: string;
  /** False when the option shows more than its value (the products show their laboratory). */
  exact?: boolean;
}

/** Taps the select, then the option; the modal does not move meanwhile and the select shows the choice. */
async function tapChoose(dialog: Locator, label: string, pick: Choice = {}): Promise<void> {
  const page = dialog.page();
  const select = dialog.getByRole('combobox', { name: label });
  await select.scrollIntoViewIfNeeded();
  const [still] = await layoutsDuring(dialog, 2);

  await select.tap();
  if (pick.type !== undefined) await select.fill(pick.type);
  const option = pick.option ? page.getByRole('option', { name: pick.option, exact: pick.exact ?? true }) : page.getByRole('option').first();
  await expect(option).toBeVisible();
  expect(await layoutsDuring(dialog, 20), `the modal moved when «${label}» opened`).toEqual([still]);

  const chosen = pick.option ?? (await option.innerText()).trim();
  await option.tap();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(select).toHaveValue(chosen);
  expect(await layoutsDuring(dialog, 10), `the modal moved after choosing in «${label}»`).toEqual([still]);
}

test('profesional de la salud: cada selección del formulario se abre y se elige tocando, sin mover el modal', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const dialog = await startReport(page, true);

  await expectStep(dialog, 'Tipo de reporte');
  await tapChoose(dialog, 'Tipo de acontecimiento', { option: 'Reacción adversa a medicamento' });
  await tapChoose(dialog, 'País', { option: 'Argentina' });
  await tapChoose(dialog, 'País', { option: 'Uruguay' });
  await next(dialog);
  await completeStep(dialog, true, 2);

  await expectStep(dialog, 'Reacciones adversas');
  await tapChoose(dialog, 'Término MedDRA', { type: 'cefal', option: 'Cefalea' });
  await dialog.getByRole('radiogroup', { name: '¿Es grave?' }).getByRole('radio', { name: 'No' }).tap();
  await tapChoose(dialog, 'Evolución');
  await tapChoose(dialog, 'Acción tomada con el medicamento');
  await next(dialog);

  await expectStep(dialog, 'Medicamentos sospechosos');
  await tapChoose(dialog, 'Medicamento / producto sospechoso', { type: 'Enaltar', option: DEMO_PRODUCT_UY, exact: false });
  await tapChoose(dialog, 'Vía de administración');
  await tapChoose(dialog, 'Unidad');
  await tapChoose(dialog, 'Frecuencia');
  await next(dialog);

  await expectStep(dialog, 'Medicamentos concomitantes');
  await tapChoose(dialog, 'Tipo');
});

test('paciente o familiar: país de residencia y relación con el paciente se eligen tocando, sin mover el modal', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const dialog = await startReport(page, false);

  await expectStep(dialog, 'Paciente');
  await tapChoose(dialog, 'País de residencia', { option: 'Argentina' });
  await tapChoose(dialog, 'País de residencia', { option: 'Uruguay' });
  for (let step = 2; step <= 6; step += 1) await completeStep(dialog, false, step);

  await expectStep(dialog, 'Información de contacto');
  await tapChoose(dialog, 'Relación con el paciente');
});
