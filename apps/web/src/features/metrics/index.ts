// The Metricas screen (platform spec §2 'Metrics screen'; issue 17 item 6).
export { MetricsPage } from './metrics-page';
