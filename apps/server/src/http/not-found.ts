import { MSG } from '@atalaya/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendMessage } from './error-handler.js';

/** What answers a GET for a path no route serves outside `/api/` (the web application's SPA fallback). */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/** Unknown `/api/` paths (and non-GET requests): 404 `{ Message: 'Datos no encontrados' }`. */
export function registerNotFound(app: FastifyInstance, pageFallback: PageFallback): void {
  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      return pageFallback(request, reply);
    }
    return sendMessage(reply, 404, MSG.errors.notFoundTitle);
  });
}
