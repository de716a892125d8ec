export { signalsModule, type SignalsModuleOptions } from './routes.js';
export { SIGNALS_ROLES } from './service.js';
export { loadSignalCsv, parseSignalCsv, type SignalCsvRow } from './load-csv.js';
export { signalOptions, signalTable } from './service.js';
export { signalSource, type SignalSource } from './service.js';
