import type { Role } from '@atalaya/domain';
import type { AuthUser } from '../../http/access-token.js';

/**
 * Socket.IO rooms of the hub. Each connection joins the rooms of its user, so a message is
 * sent only to whom it concerns: every user of a role (`role:QPPV`), the users of a role in
 * one country (`country:UY:RLF`), one user (`user:{id}`).
 */
export const roleRoom = (role: Role) => `role:${role}`;
export const countryRoleRoom = (countryCode: string, role: Role) => `country:${countryCode.toUpperCase()}:${role}`;
export const userRoom = (userId: string) => `user:${userId}`;

/** The rooms a connection of this user joins. */
export function roomsOfUser(user: AuthUser): string[] {
  return [roleRoom(user.role), countryRoleRoom(user.countryCode, user.role), userRoom(user.id)];
}

/**
 * Who hears of a new incoming report or case of a country ('Nuevos Eventos'): the RLF of that
 * country, who triage and enter it, and every QPPV.
 */
export function newEventsRooms(countryCode: string): string[] {
  return [countryRoleRoom(countryCode, 'RLF'), roleRoom('QPPV')];
}

/**
 * Who hears that a case was sent (the creator finished its wizard, 1 → 2 En revisión RLF):
 * the RLF of its country, who act next.
 */
export function caseSentRooms(countryCode: string): string[] {
  return [countryRoleRoom(countryCode, 'RLF')];
}
