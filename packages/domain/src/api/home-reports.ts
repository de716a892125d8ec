import {
  homeReportByReferenceSchema,
  homeReportDetailSchema,
  homeReportWithHistorySchema,
  reportCreatedSchema,
} from '../contracts/home-reports.js';
import { publicReportSchema } from '../public-form.js';
import {
  homeReportRowSchema,
  homeReportStatusResultSchema,
  homeReportStatusUpdateSchema,
  listQuerySchema,
  pagedResultSchema,
} from '../work-lists.js';
import { endpoint } from './endpoint.js';

const pagedRows = pagedResultSchema(homeReportRowSchema);

/** Incoming reports: the public report form (and its signed-in variant), their reads, lists and triage. */
export const homeReportsApi = {
  /** The public form's report; the ALTCHA captcha travels in the `recaptcha-token` header. */
  postreporthome: endpoint({ method: 'POST', path: '/api/postreporthome', access: 'public', body: publicReportSchema, response: reportCreatedSchema, errors: { 400: ['login.robot', 'publicForm.optionUnknown', 'publicForm.productNotAvailable'] } }),
  /** The same report sent signed in: the user is the reporter. */
  postreporthomeusuario: endpoint({
    method: 'POST',
    path: '/api/postreporthomeusuario',
    access: 'homeReports.submit',
    body: publicReportSchema,
    response: reportCreatedSchema,
    errors: { 400: ['login.robot', 'publicForm.optionUnknown', 'publicForm.productNotAvailable'] },
  }),
  getEventoDeHomeByReference: endpoint({
    method: 'GET',
    path: '/api/getEventoDeHomeByReference/:reference',
    access: 'homeReports.read',
    response: homeReportByReferenceSchema,
    errors: { 404: ['errors.notFoundTitle'] },
  }),
  /** One report with its status history (the summary modal). */
  getEventoDeHomeById: endpoint({ method: 'GET', path: '/api/getEventoDeHomeById/:id', access: 'homeReports.read', response: homeReportWithHistorySchema, errors: { 404: ['homeReports.reportNotFound'] } }),
  /** The report a case was entered from. */
  getEventoDeHomeByMeta: endpoint({ method: 'GET', path: '/api/getEventoDeHomeByMeta/:meta', access: 'case.read', response: homeReportDetailSchema, errors: { 404: ['homeReports.reportNotFound', 'lists.eventNotFound'] } }),
  /** The search of incoming reports; each filter `null` for none. */
  getReportHome: endpoint({
    method: 'GET',
    path: '/api/getReportHome/:page/:size/:orderBy/:id/:isMedic/:status/:country/:from/:to',
    access: 'homeReports.read',
    query: listQuerySchema,
    response: pagedRows,
    errors: { 400: ['lists.invalidPageKey', 'lists.pageTooFar', 'generic.dateFormat', 'lists.invalidOrder'] },
  }),
  /** The Tasks screen's inbox: Nuevos and En revisión. */
  getWFReportHome: endpoint({
    method: 'GET',
    path: '/api/getWFReportHome/:page/:size/:orderBy',
    access: 'homeReports.read',
    query: listQuerySchema,
    response: pagedRows,
    errors: { 400: ['lists.invalidPageKey', 'lists.pageTooFar', 'lists.invalidOrder'] },
  }),
  /** Revisar (newStatus 2) or Descartar (3). */
  updatestatiserfromerhome: endpoint({
    method: 'POST',
    path: '/api/updatestatiserfromerhome',
    access: 'homeReports.read',
    body: homeReportStatusUpdateSchema,
    response: homeReportStatusResultSchema,
    errors: { 400: ['homeReports.alreadyEntered', 'homeReports.reportTypeRequired', 'publicForm.countryRequired'], 404: ['homeReports.reportNotFound'] },
  }),
  /** Ingresar (newStatus null): creates the case. */
  createerfromerhome: endpoint({
    method: 'POST',
    path: '/api/createerfromerhome',
    access: 'homeReports.read',
    body: homeReportStatusUpdateSchema,
    response: homeReportStatusResultSchema,
    errors: { 400: ['homeReports.alreadyEntered', 'homeReports.reportTypeRequired', 'publicForm.countryRequired'], 404: ['homeReports.reportNotFound'] },
  }),
};
