// Importación de datos (platform spec §2 'Data import screen'; issue 19 item 4). The page is
// loaded on first use: import it from './data-import-page'.
export { importsKeys } from './api';
