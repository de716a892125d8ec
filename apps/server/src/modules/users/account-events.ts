import type { FastifyBaseLogger } from 'fastify';
import { type Announcements, createAnnouncements } from '../../shared/announcements.js';

/** A user whose access changed (disabled, role or laboratories changed): their open sockets are cut. */
export interface AccountAccessChanged {
  userId: string;
  /** Why, for the log ('disabled', 'role', 'laboratories'). */
  reason: string;
}

/** The account events of one application instance (the realtime hub subscribes to them). */
export type AccountEvents = Announcements<AccountAccessChanged>;

export function createAccountEvents(): AccountEvents {
  return createAnnouncements('account access changes', (change: AccountAccessChanged) => ({ userId: change.userId, reason: change.reason }));
}

/** Subscribes to account access changes; listeners run after the commit. Returns the unsubscribe function. */
export function onAccountAccessChanged(events: AccountEvents, listener: (change: AccountAccessChanged) => void): () => void {
  return events.on(listener);
}

/**
 * Tells the hub that a user's access changed, after the commit: it disconnects every socket
 * of the user, in every process (the user's room, through the Postgres adapter). The client
 * reconnects with a fresh token, which the hub checks against the account as it now is.
 */
export function announceAccountAccessChanged(events: AccountEvents, change: AccountAccessChanged, log: FastifyBaseLogger): void {
  events.announce(change, log);
}
