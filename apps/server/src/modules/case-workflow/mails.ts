import type { OutgoingMail } from '../mail/index.js';

/**
 * The e-mails of the workflow's transitions. Their links are absolute, from the public
 * address of the application (APP_URL), so they open from a mail client.
 */

/** The absolute address of a case's view (its details tab): `{APP_URL}/reportableEvent/{meta}/view/details`. */
export function caseViewUrl(appUrl: string, meta: string): string {
  return `${appUrl.replace(/\/+$/, '')}/reportableEvent/${encodeURIComponent(meta)}/view/details`;
}

/** The e-mail each RLF of the case's country receives when a case is sent to their review (insertER). */
export function caseSentMail(input: { to: string; referenceNumber: string; link: string; subGroupName: string; countryName: string }): OutgoingMail {
  return {
    to: input.to,
    subject: `Nuevo evento reportable ${input.referenceNumber}`,
    text: [
      `Se envió a revisión el evento reportable ${input.referenceNumber} (${input.subGroupName}, ${input.countryName}).`,
      '',
      `Puede verlo en Atalaya: ${input.link}`,
    ].join('\n'),
  };
}

/** The e-mail to the users who act next after a workflow action (sendAccion). */
export function actionMail(input: { to: string; referenceNumber: string; link: string; title: string; status: string; comment: string }): OutgoingMail {
  return {
    to: input.to,
    subject: `Evento reportable ${input.referenceNumber}: ${input.status}`,
    text: [
      `${input.title}: el evento reportable ${input.referenceNumber} pasó al estado «${input.status}».`,
      `Comentario: ${input.comment}`,
      `Puede verlo en ${input.link}`,
    ].join('\n\n'),
  };
}
