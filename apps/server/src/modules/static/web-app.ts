import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_VERSION, MSG } from '@atalaya/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendMessage } from '../../http/error-handler.js';
import type { PageFallback } from '../../http/not-found.js';

/** Files the browser must revalidate on every load: the page, the version file, the service worker. */
const NO_CACHE_FILES = new Set(['index.html', 'meta.json', 'service-worker.js']);
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>Atalaya</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Atalaya</h1>
<p>La aplicación web todavía no fue compilada.</p>
<p>Ejecute <code>npm run build</code> en la carpeta del proyecto y vuelva a iniciar el servidor.
La API sigue disponible en <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

function cacheControlFor(filePath: string): string {
  if (NO_CACHE_FILES.has(basename(filePath))) return NO_CACHE;
  // Vite puts content-hashed bundles under assets/.
  if (filePath.includes(`${sep}assets${sep}`)) return IMMUTABLE;
  return SHORT;
}

/** A path whose last segment has an extension asks for a file, not a page: no SPA fallback. */
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return /\.[^/]+$/.test(path);
}

/**
 * Serves the built web application (`apps/web/dist`) and returns the SPA fallback: any
 * other page path gets index.html. Without a build, every page is a Spanish notice.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<PageFallback> {
  if (!existsSync(join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'web build not found; run npm run build');
    return (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(200).type('text/html; charset=utf-8').header('cache-control', NO_CACHE).send(NOT_BUILT_PAGE);
  }

  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: ['index.html'],
    // The web build writes .br and .gz copies of its text assets (apps/web/scripts/compress.mjs).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });

  if (!existsSync(join(webDistDir, 'meta.json'))) {
    // The version check (platform spec §4) needs the file even when the build did not write one.
    app.get('/meta.json', (_request, reply) => reply.header('cache-control', NO_CACHE).send({ version: APP_VERSION }));
  }

  return (request: FastifyRequest, reply: FastifyReply) => {
    if (looksLikeFile(request.url)) return sendMessage(reply, 404, MSG.errors.notFoundTitle);
    return reply.sendFile('index.html');
  };
}
