export { usersModule, type UsersModuleOptions } from './routes.js';
export { myUser } from './service.js';
