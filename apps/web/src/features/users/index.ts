// The users administration and 'Mí usuario' (platform spec §2; issue 17).
export { AdminUsersPage } from './admin-users-page';
export { MyUserPage } from './my-user-page';
