import { auditFileRequestSchema, auditSignalsRequestSchema, auditUsersRequestSchema, historyQueryBodySchema } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { fileBody, FIRST, listBody, NO_FILTERS } from './audit-logic';

const filters = { from: '2026-01-01', to: '2026-01-31', referencia: ' UY-2026 ', name: ' Ana ', tabla: 'Via' };

describe('the bodies of the audit calls', () => {
  it('each panel sends only its own filters, and the server accepts them (strict bodies)', () => {
    const events = listBody('ER', filters, FIRST);
    expect(events).toEqual({ from: '2026-01-01', to: '2026-01-31', referencia: 'UY-2026', pageNumber: 1, pageSize: 15, orderBy: 'Date DESC' });
    expect(historyQueryBodySchema.safeParse(events).success).toBe(true);
    const users = listBody('Usuarios', filters, { pageNumber: 2, at: { kind: 'after', key: 'abc' } });
    expect(users).toEqual({ from: '2026-01-01', to: '2026-01-31', name: 'Ana', pageNumber: 2, pageKey: 'after:abc' });
    expect(auditUsersRequestSchema.safeParse(users).success).toBe(true);
    expect(listBody('Configuracion', NO_FILTERS, FIRST)).toEqual({ pageNumber: 1 });
    // Señales (the register of signals): the dates only.
    const signals = listBody('Senales', filters, FIRST);
    expect(signals).toEqual({ from: '2026-01-01', to: '2026-01-31', pageNumber: 1 });
    expect(auditSignalsRequestSchema.safeParse(signals).success).toBe(true);
    expect(auditFileRequestSchema.safeParse(fileBody('Senales', filters)).success).toBe(true);
  });

  it('the file takes the panel and its filters, without the paging', () => {
    const body = fileBody('Parametros', filters);
    expect(body).toEqual({ panel: 'Parametros', from: '2026-01-01', to: '2026-01-31', tabla: 'Via' });
    expect(auditFileRequestSchema.safeParse(body).success).toBe(true);
    expect(auditFileRequestSchema.safeParse(fileBody('ER', filters)).success).toBe(true);
  });
});
