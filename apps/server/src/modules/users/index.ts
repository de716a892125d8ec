export { usersModule, type UsersModuleOptions } from './routes.js';
export { myUser } from './service.js';
export {
  announceAccountAccessChanged,
  createAccountEvents,
  onAccountAccessChanged,
  type AccountAccessChanged,
  type AccountEvents,
} from './account-events.js';
