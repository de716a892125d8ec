// The Indicadores screen (platform spec §2 'Indicators screen'; issue 18 item 3). The page
// itself (with the charts' code) is loaded on first use: import it from './indicators-page'.
export { toCsv } from './chart-export';
