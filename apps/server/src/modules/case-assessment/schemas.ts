import { dbIdText, MSG } from '@atalaya/domain';
import { z } from 'zod';

/** A positive whole id sent as a multipart text field ('' and 'null' count as missing). */
const formId = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && ['', 'null', 'undefined'].includes(value.trim()) ? undefined : value),
    dbIdText(MSG.wizard.recordNotFound),
  );

/** uploadFileLocalSanitaryNotificaction, uploadFileProviderNotification: `Id` is the adverse event's id. */
export const ramNotificationUploadFieldsSchema = z.object({ Id: formId() });

/** uploadFileRecProduct: `Id` is the related medication's id. */
export const recoveryUploadFieldsSchema = z.object({ Id: formId() });

const pathId = () => dbIdText(MSG.referenceData.invalidId);
export const ramIdParams = z.object({ ramId: pathId() });
export const medicationIdParams = z.object({ medicationId: pathId() });
