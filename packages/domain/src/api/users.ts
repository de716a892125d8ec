import { z } from 'zod';
import { userWithDetailsSchema } from '../contracts/context.js';
import {
  companyOptionSchema,
  deleteLaboratoryUserSchema,
  laboratoryOptionSchema,
  setLaboratoryUserSchema,
  userFiltersSchema,
  userLaboratoriesSchema,
  userListResultSchema,
  userSavedSchema,
} from '../contracts/users.js';
import { strictUserFilterSchema, userCreateSchema, userUpdateSchema } from '../users.js';
import { endpoint } from './endpoint.js';

/** The users administration and 'Mí usuario': users, their details and their laboratories. */
export const usersApi = {
  getUserDetails: endpoint({ method: 'GET', path: '/api/getUserDetails/:id', access: 'users.manage', response: userWithDetailsSchema, errors: { 404: ['users.notFound'] } }),
  getUsersByFilters: endpoint({ method: 'POST', path: '/api/getUsersByFilters', access: 'users.manage', body: strictUserFilterSchema, response: userListResultSchema, errors: { 400: ['users.orderInvalid', 'users.roleUnknown'] } }),
  getUserFilters: endpoint({ method: 'GET', path: '/api/getUserFilters', access: 'authenticated', response: userFiltersSchema }),
  createUserDetails: endpoint({ method: 'POST', path: '/api/createUserDetails', access: 'users.manage', body: userCreateSchema, response: userSavedSchema, errors: { 400: ['users.countryDisabled', 'users.countryUnknown', 'users.specialityDisabled', 'users.specialityUnknown'], 403: ['users.adminRoleNotAllowed'], 409: ['users.emailTaken'] } }),
  /** ADMIN and QPPV update a user; every role its own details. */
  updateUserDetails: endpoint({ method: 'POST', path: '/api/updateUserDetails', access: 'authenticated', body: userUpdateSchema, response: userSavedSchema, errors: { 400: ['users.countryDisabled', 'users.countryUnknown', 'users.emailUnchangeable', 'users.specialityDisabled', 'users.specialityUnknown'], 403: ['users.adminRoleNotAllowed', 'users.adminUserNotAllowed', 'users.othersNotAllowed', 'users.ownActive', 'users.ownRole'], 404: ['users.notFound'] } }),
  getCompaniesByCountry: endpoint({
    method: 'GET',
    path: '/api/getCompaniesByCountry/:country',
    access: 'users.manage',
    response: z.array(companyOptionSchema),
    errors: { 404: ['users.countryUnknown'] },
  }),
  getLaboratoriesByCompany: endpoint({
    method: 'GET',
    path: '/api/getLaboratoriesByCompany/:companyId/:userId',
    access: 'users.manage',
    response: z.array(laboratoryOptionSchema),
    errors: { 404: ['users.companyUnknown', 'users.notFound'] },
  }),
  setLaboratoryUser: endpoint({ method: 'POST', path: '/api/setLaboratoryUser', access: 'users.manage', body: setLaboratoryUserSchema, response: userLaboratoriesSchema, errors: { 400: ['users.assignmentTarget', 'users.companyNotInCountry', 'users.companyUnknown', 'users.countryDisabled', 'users.countryUnknown', 'users.laboratoryNotInCompany', 'users.laboratoryNotInCountry'], 403: ['users.adminUserNotAllowed'], 404: ['users.notFound'] } }),
  deleteLaboratoryUser: endpoint({
    method: 'POST',
    path: '/api/deleteLaboratoryUser',
    access: 'users.manage',
    body: deleteLaboratoryUserSchema,
    response: userLaboratoriesSchema,
    errors: { 403: ['users.adminUserNotAllowed'], 404: ['users.grantNotFound', 'users.notFound'] },
  }),
};
