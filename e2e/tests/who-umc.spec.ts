import { expect, test, type Page } from '@playwright/test';
import { apiPost, sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signOut, signInAt } from '../support/session';

/**
 * Issue 31 §5: WHO-UMC causality beside Naranjo (docs/causality.md). The RLF answers the
 * checklist of a reaction × suspect drug and sees the category it implies; keeping another
 * category needs a reason; the QPPV's 'Concluir evaluación' menu shows both results.
 */

const RLF = 'rlf@demo.atalaya';
const QPPV = 'qppv@demo.atalaya';

/** Ten Naranjo answers (1 NO, 2 SI, 3 No sabe): total 8, Probable. */
const NARANJO = [2, 2, 2, 2, 1, 3, 1, 1, 1, 1];

async function answer(form: ReturnType<Page['getByRole']>, question: RegExp, value: 'Sí' | 'No'): Promise<void> {
  await form.getByRole('radiogroup', { name: question }).getByRole('radio', { name: value, exact: true }).check();
}

test('an assessor fills the WHO-UMC checklist, sees the category, overrides it with a reason; the QPPV concludes seeing both results', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const { meta } = await sentCase(page, token);
  await apiPost(page, token, 'setImputEvaluation', {
    er: meta,
    encuesta: NARANJO.map((Respuesta, index) => ({ Key: `r${index + 1}`, Respuesta, LeidoFabricante: false, LeidoQPPV: false, RevisadoQPPV: false, ComentarioQPPV: null })),
    comentario: null,
  });

  await page.goto(`/reportableEvent/${meta}/view/evaluation`);
  await expect(page.getByRole('heading', { name: 'Causalidad WHO-UMC' })).toBeVisible();
  const form = page.getByRole('form', { name: /^WHO-UMC: / }).first();
  await expect(form.getByTestId('who-umc-implied')).toHaveText('Lista incompleta');

  // The checklist asks one question after the other.
  await expect(form.getByRole('radiogroup')).toHaveCount(1);
  await answer(form, /suficiente y no contradictoria/, 'Sí');
  await answer(form, /relación temporal/, 'Sí');
  await answer(form, /también por la enfermedad/, 'No');
  await answer(form, /retirada del medicamento/, 'Sí');
  await answer(form, /definitivo/, 'Sí');
  await expect(form.getByTestId('who-umc-implied')).toHaveText('Lista incompleta');
  await answer(form, /reexposición/, 'Sí');
  await expect(form.getByTestId('who-umc-implied')).toHaveText('Cierta');
  await expect(form.getByRole('list', { name: 'Criterios de Cierta' })).toContainText('Reexposición satisfactoria, si es necesaria.');
  // Changing an answer changes the category: another explanation makes it Posible.
  await answer(form, /también por la enfermedad/, 'Sí');
  await expect(form.getByTestId('who-umc-implied')).toHaveText('Posible');
  await expect(form.getByRole('radiogroup', { name: /definitivo/ })).toHaveCount(0);

  // Another category needs a reason.
  await form.getByLabel('Categoría WHO-UMC').selectOption('Probable');
  await form.getByRole('button', { name: 'Guardar WHO-UMC' }).click();
  await expect(form.getByRole('alert')).toHaveText('Indique el motivo para cambiar la categoría que implica la lista de verificación');
  await form.getByLabel('Motivo del cambio de categoría').fill('La retirada mejoró la reacción según el médico tratante');
  await form.getByRole('button', { name: 'Guardar WHO-UMC' }).click();
  await expect(page.getByText('Causalidad WHO-UMC guardada')).toBeVisible();
  await page.reload();
  const saved = page.getByRole('form', { name: /^WHO-UMC: / }).first();
  await expect(saved.getByTestId('who-umc-implied')).toHaveText('Posible');
  await expect(saved.getByTestId('who-umc-category')).toHaveText('Probable');
  await expect(saved.getByLabel('Motivo del cambio de categoría')).toHaveValue('La retirada mejoró la reacción según el médico tratante');
  await expect(saved.getByText(/Modificado por/)).toBeVisible();

  // The QPPV sees both results where it concludes.
  await apiPost(page, token, 'sendAccion', { Event: { Accion: 'AprobarRLF', Event: meta, Comments: 'Pasa al QPPV' } });
  await signOut(page);
  await signInAt(page, QPPV, '/workflow');
  await page.goto(`/reportableEvent/${meta}/view/evaluation`);
  await page.getByRole('group', { name: 'Acciones del evento' }).getByRole('button', { name: 'Concluir evaluación' }).click();
  await expect(page.getByTestId('conclusion-naranjo')).toHaveText('Naranjo: Probable (total 8)');
  await expect(page.getByTestId('conclusion-who-umc').first()).toContainText(/^WHO-UMC .+ × .+: Probable$/);
  await expect(page.getByRole('menuitem', { name: 'Concluir imputable', exact: true })).toBeVisible();
});
