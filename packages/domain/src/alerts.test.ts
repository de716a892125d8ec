import { describe, expect, it } from 'vitest';
import { cardAlertTone } from './alerts.js';

describe('case card colour', () => {
  it('is danger for any metrics alert, before anything else', () => {
    expect(cardAlertTone({ MetricsAlerts: [{ Nombre: 'Revisión RLF' }], Estado: 'Pendiente', SincAlertaEstado: 'Medium' })).toBe(
      'danger',
    );
  });

  it('is info for a Pendiente case, by name or id', () => {
    expect(cardAlertTone({ MetricsAlerts: [], Estado: 'Pendiente', SincAlertaEstado: 'High' })).toBe('info');
    expect(cardAlertTone({ Estado: 1 })).toBe('info');
  });

  it('follows SincAlertaEstado otherwise', () => {
    expect(cardAlertTone({ Estado: 'En revisión RLF', SincAlertaEstado: 'High' })).toBe('danger');
    expect(cardAlertTone({ Estado: 3, SincAlertaEstado: 'Medium' })).toBe('warning');
    expect(cardAlertTone({ Estado: 3, SincAlertaEstado: 'Low' })).toBe('success');
    expect(cardAlertTone({})).toBe('success');
  });
});
