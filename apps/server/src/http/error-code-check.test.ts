import { messageCode, MSG } from '@atalaya/domain';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorCodeCheck, type UnlistedErrorCode } from './error-code-check.js';
import { registerErrorHandler } from './error-handler.js';
import { badRequest, notFound } from './errors.js';

/** An application with one contract-like route (its `config.errorCodes`) and the check. */
async function appWith(errorCodes: Record<number, string[]> | undefined, fail: () => never) {
  const app = Fastify();
  registerErrorHandler(app);
  const unlisted: UnlistedErrorCode[] = [];
  registerErrorCodeCheck(app, (miss) => unlisted.push(miss));
  app.route({ method: 'GET', url: '/api/thing/:id', config: errorCodes === undefined ? {} : { errorCodes }, handler: () => fail() });
  app.route({ method: 'GET', url: '/api/bare', config: { errorCodes: { 404: ['lists.eventNotFound'] } }, handler: (_, reply) => reply.code(409).send({ Message: 'Otra cosa' }) });
  await app.ready();
  return { app, unlisted };
}

describe('the suite-wide error-code check', () => {
  it('reports a code its route does not list for the status, with the route', async () => {
    const { app, unlisted } = await appWith({ 400: ['validation'] }, () => {
      throw notFound(MSG.lists.eventNotFound);
    });
    const response = await app.inject({ method: 'GET', url: '/api/thing/7' });
    expect(response.statusCode).toBe(404);
    expect(unlisted).toEqual([{ route: 'GET /api/thing/:id', status: 404, code: 'lists.eventNotFound' }]);
  });

  it('lets a listed code through, and ignores routes without a list', async () => {
    const listed = await appWith({ 400: [messageCode(MSG.wizard.notEditable)] }, () => {
      throw badRequest(MSG.wizard.notEditable);
    });
    await listed.app.inject({ method: 'GET', url: '/api/thing/7' });
    expect(listed.unlisted).toEqual([]);
    const unlistedRoute = await appWith(undefined, () => {
      throw notFound();
    });
    await unlistedRoute.app.inject({ method: 'GET', url: '/api/thing/7' });
    await unlistedRoute.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(unlistedRoute.unlisted).toEqual([]);
  });

  it('reports a { Message } answer that carries no Code', async () => {
    const { app, unlisted } = await appWith({}, () => {
      throw notFound();
    });
    const response = await app.inject({ method: 'GET', url: '/api/bare' });
    expect(response.statusCode).toBe(409);
    expect(unlisted).toEqual([{ route: 'GET /api/bare', status: 409, code: null }]);
  });

  it('codes a refused Naranjo evaluation by its question template, not the generic code', () => {
    expect(messageCode(MSG.imputability.questionIssue(3, MSG.imputability.answerRequired))).toBe('imputability.questionIssue');
  });
});
