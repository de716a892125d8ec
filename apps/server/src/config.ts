import { RATE_LIMITS } from '@atalaya/domain';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, from src/ (tsx, vitest) and dist/ (node) alike. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/** `true`/`false`, or a comma-separated list of proxy addresses or subnets (Fastify's `trustProxy`). */
const trustProxy = z.string().transform((value): boolean | string => {
  const lower = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(lower)) return false;
  return value.trim();
});

const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.preprocess(blankAsUndefined, z.string().optional()),
  DATABASE_MIGRATION_URL: z.preprocess(blankAsUndefined, z.string().optional()),
  ATALAYA_DATA_DIR: z.preprocess(blankAsUndefined, z.string().optional()),
  ATALAYA_DEMO: z.preprocess(blankAsUndefined, flag.optional()),
  APP_URL: z.preprocess(blankAsUndefined, z.url().optional()),
  ATALAYA_JWT_SECRET: z.preprocess(blankAsUndefined, z.string().min(32).optional()),
  ATALAYA_SESSION_TIMEOUT_MINUTES: z.preprocess(blankAsUndefined, z.coerce.number().positive().optional()),
  ATALAYA_CAPTCHA_MAX_NUMBER: z.coerce.number().int().positive().default(100_000),
  ATALAYA_TRUST_PROXY: z.preprocess(blankAsUndefined, trustProxy.optional()),
  ATALAYA_SECURE_COOKIES: z.preprocess(blankAsUndefined, flag.optional()),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  ATALAYA_UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(RATE_LIMITS.upload.max),
  ATALAYA_PDF_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  ATALAYA_MAX_CONCURRENT_UPLOADS: z.coerce.number().int().positive().default(4),
  ATALAYA_UPLOAD_WAIT_SECONDS: z.coerce.number().nonnegative().default(30),
  ATALAYA_IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(200_000_000),
  /** The ICH ICSR schema folder (4_ICH_ICSR_Schema_Files of the IG package); without it E2B exports skip the XSD. */
  ATALAYA_E2B_XSD_DIR: z.preprocess(blankAsUndefined, z.string().optional()),
  /** Tests only: write outgoing e-mails as .eml files here instead of sending them (docs/operations.md). */
  ATALAYA_MAIL_CAPTURE_DIR: z.preprocess(blankAsUndefined, z.string().optional()),
  /** Set by npm to the directory `npm` was run from (the workspace script runs in apps/server). */
  INIT_CWD: z.preprocess(blankAsUndefined, z.string().optional()),
});

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; without it the embedded database (PGlite) in `dataDir` is used. */
  databaseUrl: string | undefined;
  /**
   * The PostgreSQL role that owns the tables, for the migrations at start (docs/operations.md);
   * without it they run on `databaseUrl`.
   */
  databaseMigrationUrl: string | undefined;
  /** Absolute path of the embedded database's directory. */
  dataDir: string;
  /** Load the demo data even when the database already has users. */
  demo: boolean;
  /** Public address of the application, used in e-mailed links (no trailing slash). */
  appUrl: string;
  /** Fixed signing key for access tokens; when absent one is generated and kept in the database. */
  jwtSecret: string | undefined;
  /** Overrides the session-timeout setting (minutes). */
  sessionTimeoutMinutes: number | undefined;
  /** ALTCHA difficulty: the largest number a challenge may hide. */
  captchaMaxNumber: number;
  trustProxy: boolean | string;
  /** `undefined`: Secure cookies exactly when the request came over HTTPS. */
  secureCookies: boolean | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Uploads (files) one user may send per minute; more answer 429. */
  uploadRateLimit: number;
  /** Case PDFs (getERPDF) one user may request per minute; more answer 429. */
  pdfRateLimit: number;
  /** Uploads received and stored at once by this process; the others wait for a slot. */
  maxConcurrentUploads: number;
  /** How long an upload waits for a slot before 503 (seconds). */
  uploadWaitSeconds: number;
  /** Largest file of an import (a MedDRA release zip, a product catalogue); a larger body is refused with 413. */
  importMaxBytes: number;
  /**
   * Absolute path of ICH's ICSR schema folder (holding `multicacheschemas/MCCI_IN200100UV01.xsd`):
   * every E2B export is validated against it. Undefined: the business rules still run, the schema is not checked.
   */
  e2bXsdDir: string | undefined;
  /** The built web application (`apps/web/dist`). */
  webDistDir: string;
  /**
   * Tests only (the browser tests read mailed links): the outbox is written as `<id>.eml` files
   * in this directory instead of being sent by SMTP. Unset in production.
   */
  mailCaptureDir: string | undefined;
}

/** Reads and validates the environment once; throws with every invalid variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.DATABASE_MIGRATION_URL && !e.DATABASE_URL) {
    throw new Error('Invalid configuration: DATABASE_MIGRATION_URL needs DATABASE_URL (the application role); the embedded database has no roles');
  }
  // A relative ATALAYA_DATA_DIR is relative to where the user ran npm (or node), not to apps/server.
  const baseDir = e.INIT_CWD ?? process.cwd();
  const dataDir = e.ATALAYA_DATA_DIR
    ? isAbsolute(e.ATALAYA_DATA_DIR)
      ? e.ATALAYA_DATA_DIR
      : resolve(baseDir, e.ATALAYA_DATA_DIR)
    : resolve(repoRoot, 'data');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    dataDir,
    demo: e.ATALAYA_DEMO ?? false,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.ATALAYA_JWT_SECRET,
    sessionTimeoutMinutes: e.ATALAYA_SESSION_TIMEOUT_MINUTES,
    captchaMaxNumber: e.ATALAYA_CAPTCHA_MAX_NUMBER,
    trustProxy: e.ATALAYA_TRUST_PROXY ?? false,
    secureCookies: e.ATALAYA_SECURE_COOKIES,
    logLevel: e.LOG_LEVEL,
    uploadRateLimit: e.ATALAYA_UPLOAD_RATE_LIMIT,
    pdfRateLimit: e.ATALAYA_PDF_RATE_LIMIT,
    maxConcurrentUploads: e.ATALAYA_MAX_CONCURRENT_UPLOADS,
    uploadWaitSeconds: e.ATALAYA_UPLOAD_WAIT_SECONDS,
    importMaxBytes: e.ATALAYA_IMPORT_MAX_BYTES,
    e2bXsdDir: e.ATALAYA_E2B_XSD_DIR ? resolve(baseDir, e.ATALAYA_E2B_XSD_DIR) : undefined,
    webDistDir: resolve(repoRoot, 'apps/web/dist'),
    mailCaptureDir: e.ATALAYA_MAIL_CAPTURE_DIR ? resolve(baseDir, e.ATALAYA_MAIL_CAPTURE_DIR) : undefined,
  };
}
