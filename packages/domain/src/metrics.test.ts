import { describe, expect, it } from 'vitest';
import { alertLevel, isMetricMissed, metricDeadline, SEEDED_METRICS, TIME_OPTIONS, usedFraction } from './metrics.js';

describe('notification-time metrics', () => {
  it('offers the seven time options', () => {
    expect(TIME_OPTIONS.map((option) => option.Nombre)).toEqual(['24 h', '48 h', '72 h', '7 días', '15 días', '30 días', '90 días']);
  });

  it('seeds the six metrics with their default limits', () => {
    const defaults = SEEDED_METRICS.map((metric) => [metric.Nombre, TIME_OPTIONS.find((o) => o.Id === metric.TiempoId)?.Nombre]);
    expect(defaults).toEqual([
      ['Ingreso del reporte', '48 h'],
      ['Revisión RLF', '72 h'],
      ['Evaluación QPPV', '15 días'],
      ['Notificación a la autoridad sanitaria (grave)', '15 días'],
      ['Notificación a la autoridad sanitaria (no grave)', '90 días'],
      ['Notificación al titular / proveedor', '15 días'],
    ]);
    expect(new Set(SEEDED_METRICS.map((metric) => metric.Siglas)).size).toBe(SEEDED_METRICS.length);
  });

  it('measures the used fraction of a limit and its deadline', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(usedFraction(start, new Date('2026-01-02T00:00:00Z'), 48)).toBe(0.5);
    expect(metricDeadline(start, 48).toISOString()).toBe('2026-01-03T00:00:00.000Z');
    expect(isMetricMissed(usedFraction(start, new Date('2026-01-03T00:00:01Z'), 48))).toBe(true);
    expect(isMetricMissed(1)).toBe(false);
  });

  it('raises High from 80 % and Medium from 50 %', () => {
    expect(alertLevel(0.8)).toBe('High');
    expect(alertLevel(1.5)).toBe('High');
    expect(alertLevel(0.79)).toBe('Medium');
    expect(alertLevel(0.5)).toBe('Medium');
    expect(alertLevel(0.49)).toBeNull();
  });
});
