import { usersApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import type { AccountEvents } from './account-events.js';
import {
  companiesByCountry,
  createUser,
  deleteLaboratoryUser,
  laboratoriesByCompany,
  setLaboratoryUser,
  updateUser,
  userDetails,
  userFilters,
  usersByFilters,
  type UsersDeps,
} from './service.js';

export interface UsersModuleOptions {
  db: Db;
  config: Pick<Config, 'appUrl'>;
  accountEvents: AccountEvents;
}

const TAG = ['Usuarios'];
const withErrors = { ...errorResponses, 404: messageSchema };

/**
 * The users administration and 'Mí usuario' (platform spec §2, §5, §7 'Users and
 * laboratories'; docs/api.md 'Users and laboratories'). ADMIN and QPPV administer users (a
 * QPPV not an ADMIN user, nor gives the ADMIN role); every role updates its own details.
 */
export const usersModule: FastifyPluginAsyncZod<UsersModuleOptions> = async (app, { db, config, accountEvents }) => {
  const deps: UsersDeps = { db, appUrl: config.appUrl, accountEvents, log: app.log.child({ module: 'users' }) };

  app.route({
    ...contractRoute(usersApi.getUserDetails, {
      tags: TAG,
      summary: 'Un usuario con sus datos y sus laboratorios',
      params: z.object({ id: z.string().max(100) }),
      errors: withErrors,
    }),
    handler: (request) => userDetails(db, request.params.id),
  });

  app.route({
    ...contractRoute(usersApi.getUsersByFilters, {
      tags: TAG,
      summary: 'Busca usuarios por nombre, correo, país, rol y habilitado (paginado)',
      errors: errorResponses,
    }),
    handler: (request) => usersByFilters(db, request.body),
  });

  app.route({
    ...contractRoute(usersApi.getUserFilters, {
      tags: TAG,
      summary: 'Países, roles que el usuario puede dar y especialidades (filtros y formulario de usuario)',
      errors: errorResponses,
    }),
    handler: (request) => userFilters(db, requireUser(request)),
  });

  app.route({
    ...contractRoute(usersApi.createUserDetails, {
      tags: TAG,
      summary: 'Crea un usuario y le envía por correo un enlace para definir su contraseña',
      errors: { ...withErrors, 409: messageSchema },
    }),
    handler: (request) => createUser(deps, requireUser(request), request.body),
  });

  app.route({
    ...contractRoute(usersApi.updateUserDetails, {
      tags: TAG,
      summary: 'Actualiza un usuario (ADMIN, QPPV) o los datos propios (Mí usuario)',
      errors: withErrors,
    }),
    handler: (request) => updateUser(deps, requireUser(request), request.body),
  });

  app.route({
    ...contractRoute(usersApi.getCompaniesByCountry, {
      tags: TAG,
      summary: 'Las compañías de un país (código)',
      params: z.object({ country: z.string().max(10) }),
      errors: withErrors,
    }),
    handler: (request) => companiesByCountry(db, request.params.country),
  });

  app.route({
    ...contractRoute(usersApi.getLaboratoriesByCompany, {
      tags: TAG,
      summary: 'Los laboratorios de una compañía, marcados los asignados al usuario',
      params: z.object({ companyId: z.coerce.number().int().positive().max(2_147_483_647), userId: z.string().max(100) }),
      errors: withErrors,
    }),
    handler: (request) => laboratoriesByCompany(db, request.params.companyId, request.params.userId),
  });

  app.route({
    ...contractRoute(usersApi.setLaboratoryUser, {
      tags: TAG,
      summary: 'Asigna laboratorios a un usuario: todos, los de un país, los de una compañía o los marcados',
      errors: withErrors,
    }),
    handler: (request) => setLaboratoryUser(deps, requireUser(request), request.body),
  });

  app.route({
    ...contractRoute(usersApi.deleteLaboratoryUser, {
      tags: TAG,
      summary: 'Quita una asignación de laboratorios de un usuario',
      errors: withErrors,
    }),
    handler: (request) => deleteLaboratoryUser(deps, requireUser(request), request.body),
  });
};
