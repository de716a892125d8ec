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
