import { MSG } from '@atalaya/domain';
import { z } from 'zod';

/** Largest id of a serial column. */
const MAX_SERIAL = 2_147_483_647;

/** A positive whole id sent as a multipart text field ('' and 'null' count as missing). */
const formId = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && ['', 'null', 'undefined'].includes(value.trim()) ? undefined : value),
    z.coerce
      .number({ error: MSG.wizard.recordNotFound })
      .int({ error: MSG.wizard.recordNotFound })
      .positive({ error: MSG.wizard.recordNotFound })
      .max(MAX_SERIAL, { error: MSG.wizard.recordNotFound }),
  );

/** uploadFileLocalSanitaryNotificaction, uploadFileProviderNotification: `Id` is the adverse event's id. */
export const ramNotificationUploadFieldsSchema = z.object({ Id: formId() });

/** uploadFileRecProduct: `Id` is the related medication's id. */
export const recoveryUploadFieldsSchema = z.object({ Id: formId() });

const pathId = () =>
  z.coerce
    .number({ error: MSG.referenceData.invalidId })
    .int({ error: MSG.referenceData.invalidId })
    .positive({ error: MSG.referenceData.invalidId })
    .max(MAX_SERIAL, { error: MSG.referenceData.invalidId });
export const ramIdParams = z.object({ ramId: pathId() });
export const medicationIdParams = z.object({ medicationId: pathId() });
