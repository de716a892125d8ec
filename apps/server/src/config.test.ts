import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('loadConfig', () => {
  it('has working defaults: port 8080, data in <repo>/data, the local address as APP_URL', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: `${repoRoot}data`,
      demo: false,
      appUrl: 'http://localhost:8080',
      captchaMaxNumber: 100_000,
      trustProxy: false,
      secureCookies: undefined,
      logLevel: 'info',
      mailCaptureDir: undefined,
    });
  });

  it('resolves a relative data directory from where npm was run, not from apps/server', () => {
    expect(loadConfig({ ATALAYA_DATA_DIR: './mis-datos', INIT_CWD: '/srv/atalaya' }).dataDir).toBe('/srv/atalaya/mis-datos');
    expect(loadConfig({ ATALAYA_DATA_DIR: '/var/lib/atalaya' }).dataDir).toBe('/var/lib/atalaya');
    expect(loadConfig({ ATALAYA_MAIL_CAPTURE_DIR: 'correo', INIT_CWD: '/srv/atalaya' }).mailCaptureDir).toBe('/srv/atalaya/correo');
  });

  it('reads flags, numbers and the proxy setting', () => {
    const config = loadConfig({
      PORT: '9000',
      ATALAYA_DEMO: '1',
      APP_URL: 'https://fv.example.org/',
      ATALAYA_SESSION_TIMEOUT_MINUTES: '45',
      ATALAYA_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      ATALAYA_SECURE_COOKIES: 'true',
    });
    expect(config).toMatchObject({
      port: 9000,
      demo: true,
      appUrl: 'https://fv.example.org',
      sessionTimeoutMinutes: 45,
      trustProxy: '10.0.0.0/8, 127.0.0.1',
      secureCookies: true,
    });
  });

  it('reads the upload and PDF limits, with defaults', () => {
    expect(loadConfig({})).toMatchObject({ uploadRateLimit: 30, pdfRateLimit: 20, maxConcurrentUploads: 4, uploadWaitSeconds: 30 });
    expect(
      loadConfig({ ATALAYA_UPLOAD_RATE_LIMIT: '5', ATALAYA_PDF_RATE_LIMIT: '6', ATALAYA_MAX_CONCURRENT_UPLOADS: '2', ATALAYA_UPLOAD_WAIT_SECONDS: '0' }),
    ).toMatchObject({ uploadRateLimit: 5, pdfRateLimit: 6, maxConcurrentUploads: 2, uploadWaitSeconds: 0 });
    expect(() => loadConfig({ ATALAYA_MAX_CONCURRENT_UPLOADS: '0' })).toThrow(/ATALAYA_MAX_CONCURRENT_UPLOADS/);
  });

  it("reads the imports' size limit: 200 MB unless told", () => {
    expect(loadConfig({}).importMaxBytes).toBe(200_000_000);
    expect(loadConfig({ ATALAYA_IMPORT_MAX_BYTES: '50000000' }).importMaxBytes).toBe(50_000_000);
    expect(() => loadConfig({ ATALAYA_IMPORT_MAX_BYTES: '-1' })).toThrow(/ATALAYA_IMPORT_MAX_BYTES/);
  });

  it('refuses invalid values, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'ocho' })).toThrow(/PORT/);
    expect(() => loadConfig({ ATALAYA_JWT_SECRET: 'corta' })).toThrow(/ATALAYA_JWT_SECRET/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('reads the owner connection for migrations, which needs the application one', () => {
    const owner = 'postgres://atalaya_owner@db/atalaya';
    const app = 'postgres://atalaya_app@db/atalaya';
    expect(loadConfig({ DATABASE_URL: app, DATABASE_MIGRATION_URL: owner })).toMatchObject({ databaseUrl: app, databaseMigrationUrl: owner });
    expect(loadConfig({ DATABASE_URL: app })).toMatchObject({ databaseMigrationUrl: undefined });
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: owner })).toThrow(/DATABASE_MIGRATION_URL/);
  });
});
