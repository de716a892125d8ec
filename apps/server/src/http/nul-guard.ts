import { MSG } from '@atalaya/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** True when a string anywhere in a parsed path, query or JSON body holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  // File streams and buffers of multipart bodies are bytes, not text. (Route params are a
  // prototype-less object of find-my-way's, so plain-object checks would skip them.)
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * PostgreSQL cannot store a NUL in a text: decided once for every route, before its schema runs,
 * a path, query or JSON body with one answers 400 'El texto contiene caracteres no válidos'.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(MSG.generic.invalidCharacters);
    }
  });
}
