import { z } from 'zod';
import { activeMetricBodySchema, metricSchema, timeOptionSchema, updateMetricTimeBodySchema } from '../contracts/metrics.js';
import { endpoint } from './endpoint.js';

/** The Métricas screen: the notification-time metrics, their time option and active flag. */
export const metricsApi = {
  getAllMetricsTime: endpoint({ method: 'GET', path: '/api/getAllMetricsTime', access: 'metrics.manage', response: z.array(metricSchema) }),
  getTimeOptions: endpoint({ method: 'GET', path: '/api/getTimeOptions', access: 'metrics.manage', response: z.array(timeOptionSchema) }),
  updateMetricTime: endpoint({ method: 'POST', path: '/api/updateMetricTime', access: 'metrics.manage', body: updateMetricTimeBodySchema, response: metricSchema, errors: { 404: ['metrics.notFound'] } }),
  activeMetric: endpoint({ method: 'POST', path: '/api/activeMetric', access: 'metrics.manage', body: activeMetricBodySchema, response: metricSchema, errors: { 404: ['metrics.notFound'] } }),
};
