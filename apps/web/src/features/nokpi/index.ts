// 'Eventos que no cumplen KPI's' (platform spec §2 'No-KPI screen'; issue 18 item 2; docs/kpi.md).
export { NoKpiPage } from './nokpi-page';
