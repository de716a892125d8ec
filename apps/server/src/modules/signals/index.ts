export { signalsModule, type SignalsModuleOptions } from './routes.js';
export { loadSignalCsv, parseSignalCsv, type SignalCsvRow } from './load-csv.js';
export { signalTable } from './service.js';
