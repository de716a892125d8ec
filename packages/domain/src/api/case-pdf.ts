import { z } from 'zod';
import { pdfHistoryItemSchema } from '../case-view.js';
import { endpoint } from './endpoint.js';

/** The case PDF (CIOMS I), the CIOMS form and the PDF history (event spec §4, §9). */
export const casePdfApi = {
  /** Generates the case PDF, keeps it in the history and downloads it as ER-{reference}.pdf. */
  getERPDF: endpoint({ method: 'GET', path: '/api/getERPDF/:id', access: 'case.read', returns: 'blob', errors: { 400: ['pdf.notAllowed'], 404: ['lists.eventNotFound'], 429: ['pdf.tooManyPdfs'] } }),
  /**
   * A PDF already generated, by its stored name (listERPDF); `getERPDF` as well in the spec, named
   * apart here (same method). The spec's trailing slash; the server also takes the path without it.
   */
  getERPDFStored: endpoint({ method: 'GET', path: '/api/getERPDF/:erId/:fileName/', access: 'case.read', returns: 'blob', errors: { 404: ['lists.eventNotFound', 'pdf.notFound'] } }),
  /** The same without the trailing slash, for clients that drop it. */
  getERPDFStoredNoSlash: endpoint({ method: 'GET', path: '/api/getERPDF/:erId/:fileName', access: 'case.read', returns: 'blob', errors: { 404: ['lists.eventNotFound', 'pdf.notFound'] } }),
  /** The CIOMS I form, downloaded as CIOMS-{reference}.pdf (not kept in the history). */
  getERCIOMS: endpoint({ method: 'GET', path: '/api/getERCIOMS/:id', access: 'case.read', returns: 'blob', errors: { 400: ['pdf.notAllowed'], 404: ['lists.eventNotFound'] } }),
  listERPDF: endpoint({ method: 'GET', path: '/api/listERPDF/:id', access: 'case.read', response: z.array(pdfHistoryItemSchema), errors: { 404: ['lists.eventNotFound'] } }),
};
