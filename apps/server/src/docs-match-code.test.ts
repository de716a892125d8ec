import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';

/**
 * The documents that describe the code's shape are held to it: docs/architecture.md names every
 * server module and web feature folder (and nothing else), its two pictures draw each on the floor
 * its imports give it, and the call table of docs/api.md
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

describe("docs/architecture.md 'Depends on'", () => {
  it('names exactly the modules each server module imports', async () => {
    const rows = tableRows(section(await readFile(root('docs/architecture.md'), 'utf8'), '## Server modules'));
    const imports = await folderImports('apps/server/src/modules');
    const differences: string[] = [];
    for (const cells of rows) {
      const [module] = codeNames(cells[0]);
      if (!module) continue;
      const documented = codeNames(cells[2]).sort();
      const imported = [...(imports.get(module) ?? [])].sort();
      if (documented.join() !== imported.join()) differences.push(`${module}: docs [${documented.join(', ')}], code [${imported.join(', ')}]`);
    }
    expect(differences).toEqual([]);
  });
});

/**
 * The folders of `base` that the non-test sources of `base/<folder>` import (relative imports
 * resolved against the importing file, so a nested file's `../../cases` counts too).
 */
async function folderImports(base: string): Promise<Map<string, Set<string>>> {
  const baseDir = root(base);
  const imports = new Map<string, Set<string>>();
  for (const folder of await folders(base)) {
    const named = new Set<string>();
    const dir = join(baseDir, folder);
    const files = (await readdir(dir, { recursive: true })).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
    for (const file of files) {
      for (const match of (await readFile(join(dir, file), 'utf8')).matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const [target] = relative(baseDir, resolve(dirname(join(dir, file)), match[1] as string)).split('/');
        if (target && target !== folder && !target.startsWith('.')) named.add(target);
      }
    }
    imports.set(folder, named);
  }
  return imports;
}

/** Each folder's floor: 1 when it imports no other, else one above the highest it imports. */
function floorsOf(imports: Map<string, Set<string>>): Map<string, number> {
  const floors = new Map<string, number>();
  const floorOf = (folder: string, path: string[] = []): number => {
    const known = floors.get(folder);
    if (known !== undefined) return known;
    if (path.includes(folder)) throw new Error(`import cycle: ${[...path, folder].join(' → ')}`);
    const under = [...(imports.get(folder) ?? [])].filter((other) => imports.has(other)).map((other) => floorOf(other, [...path, folder]));
    const floor = under.length === 0 ? 1 : Math.max(...under) + 1;
    floors.set(folder, floor);
    return floor;
  };
  for (const folder of imports.keys()) floorOf(folder);
  return floors;
}

/**
 * The floors a picture of docs/architecture.md draws: a line `N  a · b · c` opens floor N, the
 * lines under it that go on with `·`-separated names add to it; `(…)` remarks are left out.
 */
function drawnFloors(picture: string[]): Map<string, number> {
  const floors = new Map<string, number>();
  let floor: number | null = null;
  for (const line of picture) {
    const inside = (line.split('│')[1] ?? '').replace(/\([^)]*\)/g, '');
    const opens = /^\s*(\d)\s{2}([a-z][a-z0-9-]*(?:\s·\s[a-z][a-z0-9-]*)*)\s*·?\s*$/.exec(inside);
    const goesOn = /^\s{4,}([a-z][a-z0-9-]*(?:\s·\s[a-z][a-z0-9-]*)*)\s*·?\s*$/.exec(inside);
    if (opens) floor = Number(opens[1]);
    else if (!goesOn) floor = null;
    const names = opens?.[2] ?? (floor === null ? undefined : goesOn?.[1]);
    if (floor !== null && names) for (const name of names.split('·')) floors.set(name.trim(), floor);
  }
  return floors;
}

/** The lines of the first fenced block of a section. */
function firstPicture(text: string): string[] {
  const [, block] = text.split('```');
  return (block ?? '').split('\n');
}

const sorted = (floors: Map<string, number>) => Object.fromEntries([...floors].sort(([a], [b]) => a.localeCompare(b)));

describe("docs/architecture.md's pictures", () => {
  it('draw every server module on its floor (one above the highest module it imports)', async () => {
    const text = await readFile(root('docs/architecture.md'), 'utf8');
    const computed = floorsOf(await folderImports('apps/server/src/modules'));
    expect(sorted(drawnFloors(firstPicture(section(text, '## The layers'))))).toEqual(sorted(computed));
    expect(text).toContain(`(${computed.size} modules, ${Math.max(...computed.values())}`);
  });

  it('draw every web feature on its floor (one above the highest feature it imports)', async () => {
    const text = await readFile(root('docs/architecture.md'), 'utf8');
    const computed = floorsOf(await folderImports('apps/web/src/features'));
    expect(sorted(drawnFloors(firstPicture(section(text, '## Web'))))).toEqual(sorted(computed));
    expect(text).toContain(`(${computed.size} features on ${Math.max(...computed.values())} floors`);
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
