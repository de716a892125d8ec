import { z } from 'zod';
import { e2bReceiverSaveSchema, e2bReceiverSchema } from '../e2b/receivers.js';
import {
  E2B_BATCH_MAX_CASES,
  e2bAckResultSchema,
  e2bBatchResultSchema,
  e2bSubmissionSchema,
} from '../e2b/submissions.js';
import { MSG } from '../messages.js';
import { endpoint } from './endpoint.js';

const receiverField = z.string({ error: MSG.e2bExport.receiverUnknown }).trim().min(1, MSG.e2bExport.receiverUnknown).max(60, MSG.e2bExport.receiverUnknown);

/** `exportE2B/{meta}`: the receiver (N.1.4) of Configuración. */
export const e2bExportBodySchema = z.object({ Receptor: receiverField });

/** `exportE2BBatch`: the receiver and the cases (Meta) of the batch. */
export const e2bBatchBodySchema = z.object({
  Receptor: receiverField,
  Casos: z
    .array(
      z.string({ error: MSG.e2bBatch.caseInvalid }).trim().min(1, MSG.e2bBatch.caseInvalid).max(64, MSG.e2bBatch.caseInvalid).regex(/^[A-Za-z0-9_-]+$/, MSG.e2bBatch.caseInvalid),
      { error: MSG.e2bBatch.casesRequired },
    )
    .min(1, MSG.e2bBatch.casesRequired)
    .max(E2B_BATCH_MAX_CASES, MSG.e2bBatch.tooMany(E2B_BATCH_MAX_CASES)),
});

/**
 * E2B(R3) submissions of a case ('Envíos E2B') and their receivers. An export refused by the ICH
 * rules or the schema answers 422 with the problems (e2bExportRefusalSchema, e2bBatchRefusalSchema).
 */
export const e2bApi = {
  e2bReceiverList: endpoint({ method: 'GET', path: '/api/e2bReceiverList', access: 'e2bReceivers.read', response: z.array(e2bReceiverSchema) }),
  e2bReceiverSave: endpoint({
    method: 'POST',
    path: '/api/e2bReceiverSave',
    access: 'e2bReceivers.write',
    body: e2bReceiverSaveSchema,
    response: z.array(e2bReceiverSchema),
    errors: { 400: ['e2bReceivers.codeInvalid', 'e2bReceivers.codeLocked', 'e2bReceivers.duplicated', 'e2bReceivers.nameInvalid'], 404: ['e2bReceivers.notFound'] },
  }),
  e2bReceiverDelete: endpoint({
    method: 'POST',
    path: '/api/e2bReceiverDelete/:receiverId',
    access: 'e2bReceivers.write',
    response: z.array(e2bReceiverSchema),
    errors: { 400: ['e2bReceivers.inUse'], 404: ['e2bReceivers.notFound'] },
  }),
  /** 422: e2bExportRefusalSchema. */
  exportE2B: endpoint({ method: 'POST', path: '/api/exportE2B/:id', access: 'e2b.submit', body: e2bExportBodySchema, response: e2bSubmissionSchema, errors: { 400: ['e2bExport.annulledNeverSent', 'e2bExport.historicCase', 'e2bExport.pendingCase'], 404: ['lists.eventNotFound'], 422: ['e2bExport.refused'] } }),
  /** 422: e2bBatchRefusalSchema. */
  exportE2BBatch: endpoint({ method: 'POST', path: '/api/exportE2BBatch', access: 'e2b.submit', body: e2bBatchBodySchema, response: e2bBatchResultSchema, errors: { 404: ['e2bBatch.caseNotFound'], 422: ['e2bBatch.refused'] } }),
  /** The batch's XML. */
  getE2BBatch: endpoint({ method: 'GET', path: '/api/getE2BBatch/:batch', access: 'e2b.submit', returns: 'blob', errors: { 404: ['e2bBatch.batchNotFound'] } }),
  listE2B: endpoint({ method: 'GET', path: '/api/listE2B/:id', access: 'e2b.submit', response: z.array(e2bSubmissionSchema), errors: { 404: ['lists.eventNotFound'] } }),
  /** A submission's XML. */
  getE2B: endpoint({ method: 'GET', path: '/api/getE2B/:id/:submissionId', access: 'e2b.submit', returns: 'blob', errors: { 404: ['lists.eventNotFound', 'e2bExport.submissionNotFound'] } }),
  markE2BSent: endpoint({ method: 'POST', path: '/api/markE2BSent/:id/:submissionId', access: 'e2b.submit', response: e2bSubmissionSchema, errors: { 400: ['e2bExport.notGenerated'], 404: ['e2bExport.submissionNotFound', 'lists.eventNotFound'] } }),
  /** The receiver's ACK file as is (application/xml). */
  uploadE2BAck: endpoint({ method: 'POST', path: '/api/uploadE2BAck/:id', access: 'e2b.submit', bodyKind: 'raw', response: e2bAckResultSchema, errors: { 400: ['e2bExport.ackEmpty', 'e2bExport.ackInvalid', 'e2bExport.ackNotSent', 'e2bExport.ackUnknownBatch'], 404: ['lists.eventNotFound'] } }),
};

