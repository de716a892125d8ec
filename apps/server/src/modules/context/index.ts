export { contextModule, type ContextModuleOptions } from './routes.js';
export {
  contextSchema,
  countrySchema,
  menuItemSchema,
  sessionUserSchema,
  userDetailsSchema,
  userLaboratorySchema,
  userWithDetailsSchema,
  type ContextResponse,
  type UserWithDetails,
} from './schemas.js';
