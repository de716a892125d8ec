import { describe, expect, it } from 'vitest';
import { type CaseMilestones, emptyMilestones, evaluateCaseKpis, type KpiMetric, metricAlertDescription } from './kpi.js';
import { SEEDED_METRICS } from './metrics.js';

const HOUR = 3_600_000;
const receipt = new Date('2026-11-18T12:00:00Z');
const at = (hours: number) => new Date(receipt.getTime() + hours * HOUR);
const UY = 'America/Montevideo';

/** 'Ingreso del reporte': receipt → case created within 48 h. */
const intake: KpiMetric = { Nombre: 'Ingreso del reporte', TiempoId: 2, from: 'receipt', to: 'caseCreated', serious: null };

function milestones(values: Partial<CaseMilestones>): CaseMilestones {
  return { ...emptyMilestones(), ...values };
}

function evaluate(values: Partial<CaseMilestones>, nowHours: number, metrics: readonly KpiMetric[] = [intake], serious = false) {
  return evaluateCaseKpis({ milestones: milestones(values), serious, metrics, now: at(nowHours), timeZone: UY });
}

describe('KPI evaluation of a case', () => {
  it('gives no alert and no level while less than half of the limit is used', () => {
    expect(evaluate({ receipt }, 23)).toEqual({ SincAlertaEstado: '', MetricsAlerts: [] });
  });

  it('is Medium from 50 % and High from 80 % of a running limit', () => {
    expect(evaluate({ receipt }, 24).SincAlertaEstado).toBe('Medium');
    expect(evaluate({ receipt }, 38).SincAlertaEstado).toBe('Medium');
    expect(evaluate({ receipt }, 38.4).SincAlertaEstado).toBe('High');
    expect(evaluate({ receipt }, 48).MetricsAlerts).toEqual([]);
  });

  it('alerts a metric whose limit passed without its milestone, with the expiry date in the user’s zone', () => {
    const result = evaluate({ receipt }, 49);
    expect(result.MetricsAlerts).toEqual([{ Nombre: 'Ingreso del reporte', Descripcion: 'Límite de 48 h superado el 20/11/2026' }]);
    expect(result.SincAlertaEstado).toBe('High');
  });

  it('alerts a milestone that came after the limit, and no longer counts it as running', () => {
    const result = evaluate({ receipt, caseCreated: at(70) }, 500);
    expect(result.MetricsAlerts).toEqual([
      { Nombre: 'Ingreso del reporte', Descripcion: 'Límite de 48 h superado el 20/11/2026; cumplido el 21/11/2026' },
    ]);
    expect(result.SincAlertaEstado).toBe('');
  });

  it('is met when the milestone came in time, however late it is now', () => {
    expect(evaluate({ receipt, caseCreated: at(47) }, 1000)).toEqual({ SincAlertaEstado: '', MetricsAlerts: [] });
  });

  it('does not start a metric whose start milestone has not happened', () => {
    const review: KpiMetric = { Nombre: 'Revisión RLF', TiempoId: 3, from: 'sentToReview', to: 'approvedByRlf', serious: null };
    expect(evaluate({ receipt, caseCreated: receipt }, 1000, [review])).toEqual({ SincAlertaEstado: '', MetricsAlerts: [] });
  });

  it('runs a metric again when its end milestone is older than its start (the case went back)', () => {
    const evaluation: KpiMetric = { Nombre: 'Evaluación QPPV', TiempoId: 1, from: 'inEvaluation', to: 'concluded', serious: null };
    const result = evaluate({ inEvaluation: at(10), concluded: at(5) }, 30, [evaluation]);
    expect(result.SincAlertaEstado).toBe('High');
    expect(result.MetricsAlerts).toEqual([]);
  });

  it('applies serious-only and non-serious-only metrics to the right cases', () => {
    const serious: KpiMetric = { Nombre: 'Grave', TiempoId: 1, from: 'receipt', to: 'localSanitaryNotification', serious: true };
    const notSerious: KpiMetric = { Nombre: 'No grave', TiempoId: 1, from: 'receipt', to: 'localSanitaryNotification', serious: false };
    const names = (isSerious: boolean) =>
      evaluate({ receipt }, 30, [serious, notSerious], isSerious).MetricsAlerts.map((alert) => alert.Nombre);
    expect(names(true)).toEqual(['Grave']);
    expect(names(false)).toEqual(['No grave']);
  });

  it('ignores inactive metrics and unknown time options', () => {
    expect(evaluate({ receipt }, 100, [{ ...intake, Activo: false }])).toEqual({ SincAlertaEstado: '', MetricsAlerts: [] });
    expect(evaluate({ receipt }, 100, [{ ...intake, TiempoId: 99 }])).toEqual({ SincAlertaEstado: '', MetricsAlerts: [] });
  });

  it('takes the highest used fraction among running metrics and lists every missed one', () => {
    const provider: KpiMetric = { Nombre: 'Proveedor', TiempoId: 4, from: 'receipt', to: 'providerNotification', serious: null };
    const week = { ...provider, Nombre: 'Semana' };
    // 100 h: intake missed (48 h), provider 100/168 = 60 % (Medium) but intake overdue is running → High.
    const result = evaluate({ receipt }, 100, [intake, provider]);
    expect(result.MetricsAlerts.map((alert) => alert.Nombre)).toEqual(['Ingreso del reporte']);
    expect(result.SincAlertaEstado).toBe('High');
    // Intake met in time: only the week-long metric runs, at 60 %.
    expect(evaluate({ receipt, caseCreated: at(1) }, 100, [intake, week]).SincAlertaEstado).toBe('Medium');
  });

  it('evaluates the seeded metrics of a serious case that nobody notified', () => {
    const result = evaluateCaseKpis({
      milestones: milestones({ receipt, caseCreated: at(1), sentToReview: at(2) }),
      serious: true,
      metrics: SEEDED_METRICS,
      now: at(24 * 16),
      timeZone: UY,
    });
    expect(result.MetricsAlerts.map((alert) => alert.Nombre)).toEqual([
      'Revisión RLF',
      'Notificación a la autoridad sanitaria (grave)',
      'Notificación al titular / proveedor',
    ]);
    expect(result.SincAlertaEstado).toBe('High');
  });

  it('writes the description in Spanish with DD/MM/YYYY dates', () => {
    expect(metricAlertDescription('15 días', new Date('2026-01-05T02:00:00Z'), null, UY)).toBe('Límite de 15 días superado el 04/01/2026');
  });
});
