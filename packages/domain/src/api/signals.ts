import {
  signalExportQuerySchema,
  signalIcHistoryQuerySchema,
  signalIcHistorySchema,
  signalOptionsSchema,
  signalQuerySchema,
  signalTableSchema,
} from '../contracts/signals.js';
import { endpoint } from './endpoint.js';

/**
 * Señales (issue 32; docs/signals.md): the disproportionality table, its export, one pair's IC
 * history and the filters' options. All share the spec's call `signals`: the sub-path names them.
 */
export const signalsApi = {
  signals: endpoint({
    method: 'GET',
    path: '/api/signals',
    access: 'signals.read',
    query: signalQuerySchema,
    response: signalTableSchema,
    errors: { 400: ['signals.badPeriod', 'signals.badCursor', 'signals.countryNotFound', 'signals.laboratoryNotFound'], 403: ['signals.countryOutOfReach'] },
  }),
  /** The filtered table as xlsx (default) or CSV. */
  signalsExport: endpoint({
    method: 'GET',
    path: '/api/signals/export',
    access: 'signals.read',
    query: signalExportQuerySchema,
    returns: 'blob',
    errors: { 400: ['signals.badPeriod', 'signals.countryNotFound', 'signals.laboratoryNotFound', 'signals.tooManyRows'], 403: ['signals.countryOutOfReach'] },
  }),
  signalsIcHistory: endpoint({
    method: 'GET',
    path: '/api/signals/ic-history',
    access: 'signals.read',
    query: signalIcHistoryQuerySchema,
    response: signalIcHistorySchema,
    // The pair's two refinements (drugRequired, ptRequired) are a superRefine: listed here.
    errors: {
      400: ['signals.badPeriod', 'signals.countryNotFound', 'signals.drugNotFound', 'signals.ptNotFound', 'signals.drugRequired', 'signals.ptRequired'],
      403: ['signals.countryOutOfReach'],
    },
  }),
  signalsOptions: endpoint({ method: 'GET', path: '/api/signals/options', access: 'signals.read', response: signalOptionsSchema, errors: { 400: ['signals.badPeriod', 'signals.countryNotFound'], 403: ['signals.countryOutOfReach'] } }),
};
