import { randomInt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobWriter, configure, TextReader, Uint8ArrayReader, ZipWriter } from '@zip.js/zip.js';

configure({ useWebWorkers: false });

/**
 * Small MedDRA releases in the real ASCII layout (docs/meddra-import.md), for the import's
 * tests: a few terms, written '$'-separated with the trailing '$', zipped with zip.js.
 */

export interface ReleaseSoc {
  code: number;
  name: string;
  abbrev: string;
}
export interface ReleaseTerm {
  code: number;
  name: string;
}
export interface ReleasePt extends ReleaseTerm {
  /** Its primary SOC. */
  socCode: number;
  /** Its HLTs (multi-axial when under HLTs of several SOCs). */
  hltCodes: number[];
}
export interface ReleaseLlt extends ReleaseTerm {
  ptCode: number;
  current: boolean;
}
export interface ReleaseSmq {
  code: number;
  name: string;
  terms: { code: number; level: 4 | 5; scope: 1 | 2 }[];
}

/** A release's terms; the link files and mdhier.asc are derived from them. */
export interface Release {
  version: string;
  language: string;
  socs: ReleaseSoc[];
  hlgts: (ReleaseTerm & { socCodes: number[] })[];
  hlts: (ReleaseTerm & { hlgtCodes: number[] })[];
  pts: ReleasePt[];
  llts: ReleaseLlt[];
  smqs?: ReleaseSmq[];
}

/** A record: the fields, '$' after each (the trailing '$' included). */
const record = (fields: readonly (string | number)[]) => `${fields.join('$')}$`;

/** The files of a release, name → text, every line ended by `eol`. */
export function releaseFiles(release: Release, options: { eol?: string } = {}): Record<string, string> {
  const eol = options.eol ?? '\r\n';
  const text = (records: string[]) => records.map((line) => line + eol).join('');
  const legacy = (count: number) => Array.from({ length: count }, () => '');
  const hlgtOf = new Map(release.hlts.map((hlt) => [hlt.code, hlt.hlgtCodes]));
  const socOf = new Map(release.hlgts.map((hlgt) => [hlgt.code, hlgt.socCodes]));
  const byCode = <T extends { code: number }>(rows: T[]) => new Map(rows.map((row) => [row.code, row]));
  const [socs, hlgts, hlts] = [byCode(release.socs), byCode(release.hlgts), byCode(release.hlts)];
  const mdhier: string[] = [];
  for (const pt of release.pts) {
    for (const hltCode of pt.hltCodes) {
      for (const hlgtCode of hlgtOf.get(hltCode) ?? []) {
        for (const socCode of socOf.get(hlgtCode) ?? []) {
          const soc = socs.get(socCode);
          mdhier.push(
            record([pt.code, hltCode, hlgtCode, socCode, pt.name, hlts.get(hltCode)?.name ?? '', hlgts.get(hlgtCode)?.name ?? '', soc?.name ?? '', soc?.abbrev ?? '', '', pt.socCode, socCode === pt.socCode ? 'Y' : 'N']),
          );
        }
      }
    }
  }
  const files: Record<string, string> = {
    'meddra_release.asc': text([record([release.version, release.language, '', '', ''])]),
    'soc.asc': text(release.socs.map((soc) => record([soc.code, soc.name, soc.abbrev, ...legacy(7)]))),
    'hlgt.asc': text(release.hlgts.map((hlgt) => record([hlgt.code, hlgt.name, ...legacy(7)]))),
    'hlt.asc': text(release.hlts.map((hlt) => record([hlt.code, hlt.name, ...legacy(7)]))),
    'pt.asc': text(release.pts.map((pt) => record([pt.code, pt.name, '', pt.socCode, ...legacy(7)]))),
    'llt.asc': text(release.llts.map((llt) => record([llt.code, llt.name, llt.ptCode, ...legacy(6), llt.current ? 'Y' : 'N', '']))),
    'soc_hlgt.asc': text(release.hlgts.flatMap((hlgt) => hlgt.socCodes.map((soc) => record([soc, hlgt.code])))),
    'hlgt_hlt.asc': text(release.hlts.flatMap((hlt) => hlt.hlgtCodes.map((hlgt) => record([hlgt, hlt.code])))),
    'hlt_pt.asc': text(release.pts.flatMap((pt) => pt.hltCodes.map((hlt) => record([hlt, pt.code])))),
    'mdhier.asc': text(mdhier),
  };
  if (release.smqs) {
    files['smq_list.asc'] = text(release.smqs.map((smq) => record([smq.code, smq.name, 1, `Descripción de ${smq.name}`, 'Fuente', '', release.version, 'A', 'N'])));
    files['smq_content.asc'] = text(
      release.smqs.flatMap((smq) => smq.terms.map((term) => record([smq.code, term.code, term.level, term.scope, 'A', 0, 'A', release.version, release.version]))),
    );
  }
  return files;
}

export interface ZipOptions {
  /** Folder of the files in the zip ('MedAscii/' as the MSSO ships them; '' at the root). */
  folder?: string;
  /** 'latin1': each file in windows-1252 (latin-1), as the MSSO ships the Western European languages. */
  encoding?: 'utf8' | 'latin1';
  password?: string;
  /** ZipCrypto rather than AES (with `password`). */
  zipCrypto?: boolean;
  /** Other entries to add as they are (name → bytes or text). */
  extra?: Record<string, string | Uint8Array>;
}

/** A zip of the files (name → text), in the encoding asked for. */
export async function zipFiles(files: Record<string, string>, options: ZipOptions = {}): Promise<Uint8Array> {
  const writer = new ZipWriter(
    new BlobWriter('application/zip'),
    options.password ? { password: options.password, zipCrypto: options.zipCrypto ?? false, useWebWorkers: false } : { useWebWorkers: false },
  );
  const folder = options.folder ?? 'MedAscii/';
  for (const [name, text] of Object.entries(files)) {
    const bytes = options.encoding === 'latin1' ? new Uint8Array(Buffer.from(text, 'latin1')) : new TextEncoder().encode(text);
    await writer.add(`${folder}${name}`, new Uint8ArrayReader(bytes));
  }
  for (const [name, content] of Object.entries(options.extra ?? {})) {
    await writer.add(name, typeof content === 'string' ? new TextReader(content) : new Uint8ArrayReader(content));
  }
  return new Uint8Array(await (await writer.close()).arrayBuffer());
}

/** A folder for the test's zip files; `remove()` deletes it. */
export async function zipFolder(): Promise<{ write(bytes: Uint8Array): Promise<string>; remove(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'atalaya-meddra-'));
  let count = 0;
  return {
    async write(bytes) {
      count += 1;
      const path = join(folder, `release-${count}.zip`);
      await writeFile(path, bytes);
      return path;
    },
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/**
 * A small release of its own (codes drawn at random, names carrying `word` so searches see
 * only its terms): 2 SOCs, 2 HLGTs, 3 HLTs, 3 PTs (one under two SOCs), 6 LLTs (one not
 * current), with Spanish accents and ñ.
 */
export function sampleRelease(word: string, version = '27.0'): Release {
  const base = randomInt(20_000, 999_000) * 1_000;
  const code = (offset: number) => base + offset;
  return {
    version,
    language: 'Spanish',
    socs: [
      { code: code(1), name: `Trastornos del sistema nervioso ${word}`, abbrev: 'Nerv' },
      { code: code(2), name: `Trastornos gastrointestinales ${word}`, abbrev: 'Gastr' },
    ],
    hlgts: [
      { code: code(11), name: `Cefaleas ${word}`, socCodes: [code(1)] },
      { code: code(12), name: `Signos y síntomas gastrointestinales ${word}`, socCodes: [code(2)] },
    ],
    hlts: [
      { code: code(21), name: `Cefaleas NCOC ${word}`, hlgtCodes: [code(11)] },
      { code: code(22), name: `Náuseas y vómitos ${word}`, hlgtCodes: [code(12)] },
      { code: code(23), name: `Dolores gastrointestinales ${word}`, hlgtCodes: [code(12)] },
    ],
    pts: [
      { code: code(31), name: `Cefalea ${word}`, socCode: code(1), hltCodes: [code(21), code(23)] },
      { code: code(32), name: `Náusea ${word}`, socCode: code(2), hltCodes: [code(22)] },
      { code: code(33), name: `Pequeño mal ${word}`, socCode: code(1), hltCodes: [code(21)] },
    ],
    llts: [
      { code: code(31), name: `Cefalea ${word}`, ptCode: code(31), current: true },
      { code: code(41), name: `Dolor de cabeza ${word}`, ptCode: code(31), current: true },
      { code: code(42), name: `Cefalalgia ${word}`, ptCode: code(31), current: false },
      { code: code(32), name: `Náusea ${word}`, ptCode: code(32), current: true },
      { code: code(43), name: `Ganas de vomitar ${word}`, ptCode: code(32), current: true },
      { code: code(33), name: `Pequeño mal ${word}`, ptCode: code(33), current: true },
    ],
  };
}
