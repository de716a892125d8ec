import { expect, test } from '@playwright/test';
import { sentCase } from '../support/cases';
import { caseLinkIn, mailTo } from '../support/mail';
import { accessToken } from '../support/public-form';
import { signIn } from '../support/session';

/**
 * Issue 14 §4: the e-mails of the workflow link to the case with an absolute address (APP_URL),
 * so the link opens the case from a mail client. The RLF who sends a case is among the RLF of
 * its country that insertER e-mails; the link, opened in the browser, shows the case's view.
 */
test('the link of the e-mail that announces a sent case opens its view', async ({ page, baseURL }) => {
  await signIn(page, 'rlf@demo.atalaya', { expectUrl: '/workflow' });
  const token = await accessToken(page, 'rlf@demo.atalaya');
  const { meta, reference } = await sentCase(page, token);

  const mail = await mailTo('rlf@demo.atalaya', `Nuevo evento reportable ${reference}`);
  const link = caseLinkIn(mail);
  expect(link).toBe(`${baseURL}/reportableEvent/${meta}/view/details`);

  await page.goto(link);
  await expect(page).toHaveURL(link);
  await expect(page.getByText(`Evento Reportable: ${reference}`)).toBeVisible();
  await expect(page.getByTestId('event-status')).toHaveText('En revisión RLF');
});
