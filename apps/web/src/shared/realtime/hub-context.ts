import { createContext } from 'react';
import type { HubRegistry } from './hub-registry';

/** The hub's registry of the internal area; null outside `RealtimeProvider`. */
export const HubContext = createContext<HubRegistry | null>(null);
