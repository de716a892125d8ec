// The E2B(R3) submissions of a case ('Envíos E2B' of the case view; docs/e2b.md), and the receivers' query Configuración shares.
export { E2bTab } from './e2b-tab';
export { e2bKeys, e2bReceiversQuery } from './api';
export { receiverLabel } from './logic';
