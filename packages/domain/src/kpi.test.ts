import { describe, expect, it } from 'vitest';
import { kpiFromDeadlines, limitName, metricAlertDescription, type StoredDeadline } from './kpi.js';

const UY = 'America/Montevideo';
const NOW = new Date('2026-03-10T12:00:00Z');

/** A deadline of `hours` that started `usedHours` before NOW. */
function deadline(state: StoredDeadline['state'], hours: number, usedHours: number, metAt: string | null = null): StoredDeadline {
  const started = new Date(NOW.getTime() - usedHours * 3_600_000);
  return {
    Nombre: `Métrica ${hours} h`,
    state,
    limitHours: hours,
    startedAt: started.toISOString(),
    dueAt: new Date(started.getTime() + hours * 3_600_000).toISOString(),
    metAt,
  };
}

describe('the KPI columns of a list row, from the stored deadlines', () => {
  it('gives no alert and no level while less than half of every running limit is used', () => {
    expect(kpiFromDeadlines([deadline('pending', 48, 20)], NOW)).toEqual({ SincAlertaEstado: '', MetricsAlerts: [] });
  });

  it('is Medium from 50 % and High from 80 % of a running limit, taking the highest', () => {
    expect(kpiFromDeadlines([deadline('pending', 48, 24)], NOW).SincAlertaEstado).toBe('Medium');
    expect(kpiFromDeadlines([deadline('pending', 48, 24), deadline('pending', 10, 8)], NOW).SincAlertaEstado).toBe('High');
  });

  it('lists an overdue deadline as an alert and counts it as running (High)', () => {
    const result = kpiFromDeadlines([deadline('overdue', 48, 60)], NOW, UY);
    expect(result.SincAlertaEstado).toBe('High');
    expect(result.MetricsAlerts).toEqual([{ Nombre: 'Métrica 48 h', Descripcion: 'Límite de 48 h superado el 09/03/2026' }]);
  });

  it('treats a pending deadline already past its due date as overdue, before the sweep marks it', () => {
    expect(kpiFromDeadlines([deadline('pending', 72, 80)], NOW).MetricsAlerts).toHaveLength(1);
  });

  it('lists a late deadline with the day it was met, and no longer counts it as running', () => {
    const late = deadline('late', 48, 100, '2026-03-08T15:00:00Z');
    const result = kpiFromDeadlines([late], NOW, UY);
    expect(result.SincAlertaEstado).toBe('');
    expect(result.MetricsAlerts[0]?.Descripcion).toBe('Límite de 48 h superado el 08/03/2026; cumplido el 08/03/2026');
  });

  it('names a limit by its time option, or in hours when no option has it', () => {
    expect(limitName(360)).toBe('15 días');
    expect(limitName(5)).toBe('5 h');
  });

  it('writes the description in Spanish with DD/MM/YYYY dates in the user’s zone', () => {
    expect(metricAlertDescription('15 días', new Date('2026-01-05T02:00:00Z'), null, UY)).toBe('Límite de 15 días superado el 04/01/2026');
  });
});
