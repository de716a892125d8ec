import {
  openSignalSchema,
  signalDetailSchema,
  signalListQuerySchema,
  signalListSchema,
  signalNoteSchema,
  signalReassignSchema,
  signalResponsiblesSchema,
  signalStatusChangeSchema,
} from '../contracts/signal-register.js';
import { endpoint } from './endpoint.js';

/**
 * Registro de señales (issue 32 §4; docs/signals.md 'Gestión de señales'). All share the spec's
 * call `signal-register`: the list and the opening by method (`signalRegisterGet`,
 * `signalRegisterPost`), the others by their sub-path. A write on a closed signal: 409.
 */
export const signalRegisterApi = {
  signalRegisterGet: endpoint({
    method: 'GET',
    path: '/api/signal-register',
    access: 'signalRegister.use',
    query: signalListQuerySchema,
    response: signalListSchema,
  }),
  signalRegisterPost: endpoint({ method: 'POST', path: '/api/signal-register', access: 'signalRegister.use', body: openSignalSchema, response: signalDetailSchema, errors: { 400: ['signalRegister.responsibleNotAllowed'], 404: ['signalRegister.pairNotFound', 'signalRegister.signalNotFound'], 409: ['signalRegister.alreadyOpen', 'signalRegister.alreadyOpenShort'] } }),
  signalRegisterResponsibles: endpoint({
    method: 'GET',
    path: '/api/signal-register/responsibles',
    access: 'signalRegister.use',
    response: signalResponsiblesSchema,
  }),
  signalRegisterDetail: endpoint({ method: 'GET', path: '/api/signal-register/:id', access: 'signalRegister.use', response: signalDetailSchema, errors: { 404: ['signalRegister.signalNotFound'] } }),
  signalRegisterStatus: endpoint({
    method: 'POST',
    path: '/api/signal-register/:id/status',
    access: 'signalRegister.use',
    body: signalStatusChangeSchema,
    response: signalDetailSchema,
    errors: { 404: ['signalRegister.signalNotFound'], 409: ['signalRegister.transitionNotAllowed'] },
  }),
  signalRegisterNotes: endpoint({
    method: 'POST',
    path: '/api/signal-register/:id/notes',
    access: 'signalRegister.use',
    body: signalNoteSchema,
    response: signalDetailSchema,
    errors: { 404: ['signalRegister.signalNotFound'], 409: ['signalRegister.closedSignal'] },
  }),
  signalRegisterResponsible: endpoint({
    method: 'POST',
    path: '/api/signal-register/:id/responsible',
    access: 'signalRegister.use',
    body: signalReassignSchema,
    response: signalDetailSchema,
    errors: { 400: ['signalRegister.responsibleNotAllowed', 'signalRegister.sameResponsible'], 404: ['signalRegister.signalNotFound'], 409: ['signalRegister.closedSignal'] },
  }),
  /** Multipart: file, Descripcion. */
  signalRegisterDocuments: endpoint({
    method: 'POST',
    path: '/api/signal-register/:id/documents',
    access: 'signalRegister.use',
    bodyKind: 'multipart',
    response: signalDetailSchema,
    errors: { 400: ['errors.malformedMultipart', 'files.contentMismatch', 'files.onlyOne', 'files.typeNotAllowed', 'signalRegister.fileRequired'], 404: ['signalRegister.signalNotFound'], 409: ['signalRegister.closedSignal'], 503: ['files.serverBusy'] },
  }),
  signalRegisterDocument: endpoint({
    method: 'GET',
    path: '/api/signal-register/:id/documents/:entryId',
    access: 'signalRegister.use',
    returns: 'blob',
    errors: { 404: ['signalRegister.documentNotFound'] },
  }),
};
