import { describe, expect, it } from 'vitest';
import { resolveViewTab, viewTabsOf } from './view-tabs';

const plain = { IsRAM: false, TieneFollowUp: false };

describe('event view tabs', () => {
  it('offers the tabs in the spec order with their labels', () => {
    expect(viewTabsOf(plain).map((tab) => tab.label)).toEqual([
      'Detalle', 'Documentos', 'Recuperacion', 'Operaciones', 'Imputabilidad', 'Historial de PDFs', 'Eventos de Seguimiento',
    ]);
  });

  it('offers RAM only when the case is a RAM', () => {
    expect(viewTabsOf({ IsRAM: true, TieneFollowUp: false }).map((tab) => tab.step)).toEqual([
      'details', 'docuemnts', 'ram', 'recovery', 'operations', 'evaluation', 'pdfs', 'eventoSeguimiento',
    ]);
    expect(resolveViewTab('ram', plain)).toBe('details');
    expect(resolveViewTab('ram', { IsRAM: true, TieneFollowUp: false })).toBe('ram');
  });

  it('offers Seguimiento only when the case has follow-ups', () => {
    expect(viewTabsOf({ IsRAM: false, TieneFollowUp: true }).map((tab) => tab.step)).toContain('followup');
    expect(resolveViewTab('followup', plain)).toBe('details');
    expect(resolveViewTab('followup', { IsRAM: false, TieneFollowUp: true })).toBe('followup');
  });

  it('opens the step of the route, and details for an unknown or hidden one', () => {
    expect(resolveViewTab('operations', plain)).toBe('operations');
    expect(resolveViewTab('docuemnts', plain)).toBe('docuemnts');
    expect(resolveViewTab('nothing', plain)).toBe('details');
    expect(resolveViewTab(undefined, plain)).toBe('details');
  });
});

describe('the Envíos E2B tab', () => {
  it('is shown last to the QPPV and the RLF, who export, and to no other role', () => {
    expect(viewTabsOf(plain, 'QPPV').at(-1)).toEqual({ step: 'e2b', label: 'Envíos E2B' });
    expect(viewTabsOf(plain, 'RLF').map((tab) => tab.step)).toContain('e2b');
    for (const role of ['CL', 'Fabricante', 'ADMIN', undefined]) expect(viewTabsOf(plain, role).map((tab) => tab.step)).not.toContain('e2b');
  });

  it('is not shown on a historic case, which allows only the PDF export', () => {
    const historic = { ...plain, IsHistoric: true };
    for (const role of ['QPPV', 'RLF']) expect(viewTabsOf(historic, role).map((tab) => tab.step)).not.toContain('e2b');
    expect(resolveViewTab('e2b', historic, 'QPPV')).toBe('details');
  });

  it('opens from its route only for those roles', () => {
    expect(resolveViewTab('e2b', plain, 'QPPV')).toBe('e2b');
    expect(resolveViewTab('e2b', plain, 'CL')).toBe('details');
  });
});
