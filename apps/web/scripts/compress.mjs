// Writes a Brotli (.br) and a gzip (.gz) copy beside each text asset of the build, so the
// server (@fastify/static `preCompressed`) sends a phone a fraction of the bytes with no
// compression work per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest|map)$/;
const MIN_BYTES = 1024;
const ASSET_SETTINGS = { brotliQuality: constants.BROTLI_MAX_QUALITY, gzipLevel: 9 };
const MAP_SETTINGS = { brotliQuality: 5, gzipLevel: 6 };

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let before = 0;
let after = 0;
for await (const path of files(dist)) {
  if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
  const bytes = await readFile(path);
  // Source maps (four fifths of the bytes) are read by a developer's tools only: quick settings
  // for them; the best compression for what every page downloads.
  const isMap = path.endsWith('.map');
  const { brotliQuality, gzipLevel } = isMap ? MAP_SETTINGS : ASSET_SETTINGS;
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gzipSync(bytes, { level: gzipLevel }));
  if (!isMap) {
    before += bytes.length;
    after += br.length;
  }
}
console.log(`compress: ${Math.round(before / 1024)} KiB of text assets, ${Math.round(after / 1024)} KiB with Brotli`);
