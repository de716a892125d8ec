export { signalsModule, type SignalsModuleOptions } from './routes.js';
export { loadSignalCsv, parseSignalCsv, type SignalCsvRow } from './load-csv.js';
export { signalOptions, signalTable } from './service.js';
export { signalSource, type SignalSource } from './service.js';
