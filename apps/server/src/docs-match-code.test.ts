import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';

/**
 * The documents that describe the code's shape are held to it: docs/architecture.md names every
 * server module and web feature folder (and nothing else), and the call table of docs/api.md
 * ('Where each call lives') lists exactly the calls of the contract table `API`
 * (packages/domain/src/api), each under its module, without calling a screen that calls the
 * route a placeholder or 'not called by the web yet'.
 */

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

async function folders(path: string): Promise<string[]> {
  return (await readdir(root(path), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The text of a Markdown section: from its heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section '${heading}'`);
  const level = heading.indexOf(' ');
  const rest = markdown.slice(start + heading.length + 2);
  const next = rest.search(new RegExp(`\\n#{1,${level}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

/** A table's body rows (header and separator left out), each as its cells. */
function tableRows(text: string): string[][] {
  const rows = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|'))
    .map((line) => line.slice(1, -1).split('|').map((cell) => cell.trim()));
  return rows.slice(2);
}

/** The `code` names of a cell. */
const codeNames = (cell: string | undefined) => [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);

/** The first column's names of a section's table. */
async function namedInTable(file: string, heading: string): Promise<string[]> {
  const rows = tableRows(section(await readFile(root(file), 'utf8'), heading));
  return rows.flatMap((cells) => codeNames(cells[0])).sort();
}

describe('docs/architecture.md', () => {
  it('names every server module folder, one row each, and no folder that is gone', async () => {
    expect(await namedInTable('docs/architecture.md', '## Server modules')).toEqual(await folders('apps/server/src/modules'));
  });

  it('names every web feature folder, one row each, and no folder that is gone', async () => {
    expect(await namedInTable('docs/architecture.md', '### Web features')).toEqual(await folders('apps/web/src/features'));
  });

  it("lists as a module's or feature's dependencies only folders that exist", async () => {
    const text = await readFile(root('docs/architecture.md'), 'utf8');
    for (const [heading, path] of [
      ['## Server modules', 'apps/server/src/modules'],
      ['### Web features', 'apps/web/src/features'],
    ] as const) {
      const existing = await folders(path);
      const named = tableRows(section(text, heading)).flatMap((cells) => codeNames(cells[2]));
      expect(named.filter((name) => !existing.includes(name))).toEqual([]);
    }
  });
});

/** The modules a server module imports (through their index.ts), from its non-test sources. */
async function importedModules(module: string): Promise<string[]> {
  const dir = root(`apps/server/src/modules/${module}`);
  const files = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  const named = new Set<string>();
  for (const file of files) {
    for (const match of (await readFile(join(dir, file), 'utf8')).matchAll(/from '\.\.\/([a-z0-9-]+)\/index\.js'/g)) named.add(match[1] as string);
  }
  return [...named].sort();
}

describe("docs/architecture.md 'Depends on'", () => {
  it('names exactly the modules each server module imports', async () => {
    const rows = tableRows(section(await readFile(root('docs/architecture.md'), 'utf8'), '## Server modules'));
    const differences: string[] = [];
    for (const cells of rows) {
      const [module] = codeNames(cells[0]);
      if (!module) continue;
      const documented = codeNames(cells[2]).sort();
      const imported = await importedModules(module);
      if (documented.join() !== imported.join()) differences.push(`${module}: docs [${documented.join(', ')}], code [${imported.join(', ')}]`);
    }
    expect(differences).toEqual([]);
  });
});

describe("docs/api.md 'Where each call lives'", () => {
  async function callTable(): Promise<string[][]> {
    return tableRows(section(await readFile(root('docs/api.md'), 'utf8'), '## Where each call lives'));
  }

  /** The contract's endpoints: the call (the path's segment after /api/), the module's folder, the web's name. */
  const endpoints = Object.entries(API).flatMap(([module, calls]) =>
    Object.entries(calls).map(([name, endpoint]) => ({
      call: endpoint.path.split('/')[2] ?? endpoint.path,
      folder: module.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
      module: `${module}Api`,
      name,
    })),
  );

  /** Whether the web's code makes a call of the endpoint: `tasksApi.getWorkFlow`, or `indicatorsApi[series]` with the name as a literal. */
  function madeBy(web: string, endpoint: (typeof endpoints)[number]): boolean {
    return (
      new RegExp(`\\b${endpoint.module}\\.${endpoint.name}\\b`).test(web) ||
      (web.includes(`${endpoint.module}[`) && new RegExp(`['"]${endpoint.name}['"]`).test(web))
    );
  }

  it('lists every call of the contract (API), and only those', async () => {
    const listed = (await callTable()).flatMap((cells) => codeNames(cells[0]));
    expect([...new Set(listed)].sort()).toEqual([...new Set(endpoints.map((endpoint) => endpoint.call))].sort());
    expect(listed.length, 'a call listed twice').toBe(new Set(listed).size);
    // The OpenAPI document is generated from the same routes: it names the same calls.
    const document = JSON.parse(await readFile(root('docs/openapi.json'), 'utf8')) as { paths: Record<string, unknown> };
    expect([...new Set(Object.keys(document.paths).map((path) => path.split('/')[2] ?? path))].sort()).toEqual([...new Set(listed)].sort());
  });

  it("names the module whose contract file declares the call's endpoints", async () => {
    const wrong = (await callTable()).flatMap((cells) => {
      const [call] = codeNames(cells[0]);
      const declared = [...new Set(endpoints.filter((endpoint) => endpoint.call === call).map((endpoint) => endpoint.folder))].sort();
      const documented = codeNames(cells[1]).sort();
      return documented.join() === declared.join() ? [] : [`${call}: docs [${documented.join(', ')}], contract [${declared.join(', ')}]`];
    });
    expect(wrong).toEqual([]);
  });

  it("names the call's server module by a folder that exists", async () => {
    const modules = await folders('apps/server/src/modules');
    const wrong = (await callTable()).filter((cells) => codeNames(cells[1]).some((name) => !modules.includes(name)));
    expect(wrong.map((cells) => cells[0])).toEqual([]);
  });

  it('calls no screen a placeholder, and marks a call unused exactly when no web code makes it', async () => {
    const webFiles = (await readdir(root('apps/web/src'), { recursive: true })).filter(
      (file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    // The web's code without its comments: a call is made through its endpoint (`tasksApi.getWorkFlow`).
    const web = (await Promise.all(webFiles.map((file) => readFile(join(root('apps/web/src'), file), 'utf8'))))
      .join('\n')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const rows = await callTable();
    expect(rows.filter((cells) => /placeholder|coming screen|not built|in progress/i.test(cells.join(' '))).map((cells) => cells[0])).toEqual([]);
    const made = (call: string | undefined) => endpoints.some((endpoint) => endpoint.call === call && madeBy(web, endpoint));
    const unused = (cells: string[]) => /not called by the web/.test(cells[2] ?? '');
    const unusedButCalled = rows.filter(unused).flatMap((cells) => codeNames(cells[0])).filter(made);
    expect(unusedButCalled, 'marked not called, but the web calls it').toEqual([]);
    const calledButNot = rows.filter((cells) => !unused(cells)).flatMap((cells) => codeNames(cells[0])).filter((call) => !made(call));
    expect(calledButNot, 'given a web hook, but no web code calls it').toEqual([]);
  });

  it('names as web hooks only names the web code has (feature and shared folders aside)', async () => {
    const webFiles = (await readdir(root('apps/web/src'), { recursive: true })).filter((file) => /\.(ts|tsx)$/.test(file));
    const web = (await Promise.all(webFiles.map((file) => readFile(join(root('apps/web/src'), file), 'utf8')))).join('\n');
    const places = new Set([...(await folders('apps/web/src/features')), ...(await folders('apps/web/src/shared')).map((name) => `shared/${name}`)]);
    const missing = (await callTable()).flatMap((cells) =>
      codeNames(cells[2])
        .filter((name) => !places.has(name))
        .map((name) => /^[A-Za-z_]\w*/.exec(name)?.[0] ?? name)
        .filter((identifier) => !new RegExp(`\\b${identifier}\\b`).test(web))
        .map((identifier) => `${cells[0]}: ${identifier}`),
    );
    expect(missing).toEqual([]);
  });
});
