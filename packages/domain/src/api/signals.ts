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
  signals: endpoint({ method: 'GET', path: '/api/signals', access: 'signals.read', query: signalQuerySchema, response: signalTableSchema }),
  /** The filtered table as xlsx (default) or CSV. */
  signalsExport: endpoint({ method: 'GET', path: '/api/signals/export', access: 'signals.read', query: signalExportQuerySchema, returns: 'blob' }),
  signalsIcHistory: endpoint({
    method: 'GET',
    path: '/api/signals/ic-history',
    access: 'signals.read',
    query: signalIcHistoryQuerySchema,
    response: signalIcHistorySchema,
  }),
  signalsOptions: endpoint({ method: 'GET', path: '/api/signals/options', access: 'signals.read', response: signalOptionsSchema }),
};
