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

/** The absolute address of a follow-up event's view: `{APP_URL}/reportableEvent/{meta}/view/details/3`. */
export function followUpViewUrl(appUrl: string, meta: string): string {
  return `${caseViewUrl(appUrl, meta)}/3`;
}

/**
 * The e-mail each RLF of the case's country receives when a follow-up report is added to a
 * case (insertES): the follow-up event arrives in their review (En revisión RLF), as a sent case does.
 */
export function followUpMail(input: {
  to: string;
  caseReference: string;
  followUpReference: string;
  caseLink: string;
  followUpLink: string;
  subGroupName: string;
  countryName: string;
}): OutgoingMail {
  return {
    to: input.to,
    subject: `Nuevo reporte de seguimiento ${input.followUpReference}`,
    text: [
      `Se agregó el reporte de seguimiento ${input.followUpReference} al evento reportable ${input.caseReference} (${input.subGroupName}, ${input.countryName}). Quedó en revisión.`,
      '',
      `Puede ver el reporte de seguimiento en Atalaya: ${input.followUpLink}`,
      `Y el evento reportable: ${input.caseLink}`,
    ].join('\n'),
  };
}
