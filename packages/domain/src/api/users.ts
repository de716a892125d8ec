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
  getUserDetails: endpoint({ method: 'GET', path: '/api/getUserDetails/:id', access: 'users.manage', response: userWithDetailsSchema }),
  getUsersByFilters: endpoint({ method: 'POST', path: '/api/getUsersByFilters', access: 'users.manage', body: strictUserFilterSchema, response: userListResultSchema }),
  getUserFilters: endpoint({ method: 'GET', path: '/api/getUserFilters', access: 'authenticated', response: userFiltersSchema }),
  createUserDetails: endpoint({ method: 'POST', path: '/api/createUserDetails', access: 'users.manage', body: userCreateSchema, response: userSavedSchema }),
  /** ADMIN and QPPV update a user; every role its own details. */
  updateUserDetails: endpoint({ method: 'POST', path: '/api/updateUserDetails', access: 'authenticated', body: userUpdateSchema, response: userSavedSchema }),
  getCompaniesByCountry: endpoint({
    method: 'GET',
    path: '/api/getCompaniesByCountry/:country',
    access: 'users.manage',
    response: z.array(companyOptionSchema),
  }),
  getLaboratoriesByCompany: endpoint({
    method: 'GET',
    path: '/api/getLaboratoriesByCompany/:companyId/:userId',
    access: 'users.manage',
    response: z.array(laboratoryOptionSchema),
  }),
  setLaboratoryUser: endpoint({ method: 'POST', path: '/api/setLaboratoryUser', access: 'users.manage', body: setLaboratoryUserSchema, response: userLaboratoriesSchema }),
  deleteLaboratoryUser: endpoint({
    method: 'POST',
    path: '/api/deleteLaboratoryUser',
    access: 'users.manage',
    body: deleteLaboratoryUserSchema,
    response: userLaboratoriesSchema,
  }),
};
