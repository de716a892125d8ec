import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Browser tests against the built application (`npm run build` first: `npm run test:e2e` does).
 *
 * Two servers run from the same build, each on its own fresh embedded database under e2e/.data/:
 * - 'app' (port 8181): the demo data and the normal session timeout, for every spec but lock.
 * - 'lock' (port 8182): ATALAYA_SESSION_TIMEOUT_MINUTES=0.3, so the idle stages last 9 s each and
 *   lock.spec.ts sees the session lock without waiting half an hour.
 * Playwright starts the servers before globalSetup, so each run gets its own folder (named after
 * E2E_RUN_ID) and globalSetup deletes the folders of earlier runs.
 */
process.env.E2E_RUN_ID ??= String(Date.now());
const runDir = fileURLToPath(new URL(`./.data/run-${process.env.E2E_RUN_ID}/`, import.meta.url));
// The 'app' server writes its e-mails here as .eml files (ATALAYA_MAIL_CAPTURE_DIR) instead of
// sending them; specs read them with support/mail.ts. The workers inherit the variable.
process.env.E2E_MAIL_DIR ??= `${runDir}app-mail`;

// E2E_APP_PORT / E2E_LOCK_PORT let two checkouts on one machine run their browser tests at once.
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 8181);
const LOCK_PORT = Number(process.env.E2E_LOCK_PORT ?? 8182);
const LOCK_SESSION_TIMEOUT_MINUTES = 0.3;

/**
 * The specs the 'phone' project runs (Pixel 7): the public report form's, and every
 * `*-phone.spec.ts` — small specs that walk what a phone user meets by tap (landing-phone, the
 * whole public form in public-report-phone, rlf-phone: sign-in, Tareas, the summary modal, the
 * wizard, the case view; and the internal screens' own phone variants).
 */
const PHONE_SPECS = [/public-report\.spec\.ts/, /public-report-validation\.spec\.ts/, /-phone\.spec\.ts/, /e2b-batch\.spec\.ts/];

/**
 * The system's Chromium (Debian): its old headless shell (package chromium-headless-shell, what
 * Playwright itself runs headless) where installed, as CI installs it: the same Blink, without the
 * browser's own UI, for about 30 % less CPU on the two cores the specs share with the server and
 * PostgreSQL. Otherwise the browser (package chromium). E2E_CHROMIUM names another executable:
 * `E2E_CHROMIUM=/usr/bin/chromium npx playwright test --headed` to watch a spec (the shell has no window).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

function server(port: number, name: string, extraEnv: Record<string, string> = {}) {
  return {
    command: 'node serve.mjs',
    url: `http://localhost:${port}/meta.json`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      ATALAYA_DATA_DIR: `${runDir}${name}`,
      ATALAYA_DEMO: '1',
      APP_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // The browser tests run on the embedded database of a new installation, even when the
      // shell names a PostgreSQL server for the integration tests (CI's `npm test`): blank is unset.
      // E2E_DATABASE_URL puts the 'app' server on a new database of that PostgreSQL server instead
      // (serve.mjs), where the specs' requests run side by side rather than on one connection.
      DATABASE_URL: '',
      DATABASE_MIGRATION_URL: '',
      E2E_SERVER_NAME: name,
      E2E_RUN_ID: process.env.E2E_RUN_ID ?? '',
      ...(name === 'app' && process.env.E2E_DATABASE_URL ? { E2E_DATABASE_URL: process.env.E2E_DATABASE_URL } : { E2E_DATABASE_URL: '' }),
      // A lighter proof of work than production's 100000 keeps the many robot checks quick.
      ATALAYA_CAPTCHA_MAX_NUMBER: '20000',
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // On the embedded database two workers: four took as long (13 min for 123 tests), the one 'app'
  // server's one database connection being what the specs wait on. On a PostgreSQL server
  // (E2E_DATABASE_URL, as CI runs) three: the same 29 tests took 10.6 min instead of 15.9.
  // E2E_WORKERS overrides either.
  workers: Number(process.env.E2E_WORKERS ?? (process.env.E2E_DATABASE_URL ? 3 : 2)),
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './global-setup.ts',
  // CI adds a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) that .ci/summarize.mjs adds up.
  reporter: process.env.CI ? [['list'], ['json']] : 'list',
  use: {
    // A trace only on the retry of a failed test: recording one for every test (its screenshots
    // and snapshots) took a third of the suite's CPU on CI's two cores; a failure still leaves one.
    trace: 'on-first-retry',
    // Dialogs open without their fade (the app honours the setting): nothing waits on a transition
    // and axe never reads a colour half faded in (a 4.47:1 contrast once failed mid-fade).
    reducedMotion: 'reduce',
    locale: 'es-UY',
    timezoneId: 'America/Montevideo',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      // First: its two tests mostly wait for the idle stages (9 s, 18 s), so they run beside the
      // others from the start instead of alone at the end of the run (50 s of one busy worker).
      name: 'lock',
      testMatch: /lock\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${LOCK_PORT}` },
    },
    {
      name: 'app',
      testIgnore: [/lock\.spec\.ts/, /-phone\.spec\.ts/],
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${APP_PORT}` },
    },
    {
      // A real phone profile (isMobile, hasTouch, its viewport and user agent) on the 'app' server:
      // a narrow desktop window misses what only a touch phone does (the page widening to fit a
      // dropdown). Screens made for phones join testMatch; `*-phone.spec.ts` run only here, and
      // tests tagged @desktop (desktop-sized variants) are left to 'app'. Pixel 7 is a Chromium
      // profile, so the launch options above (the installed Chromium) still apply.
      name: 'phone',
      testMatch: PHONE_SPECS,
      grepInvert: /@desktop/,
      use: { ...devices['Pixel 7'], baseURL: `http://localhost:${APP_PORT}` },
    },
  ],
  webServer: [
    server(APP_PORT, 'app', { ATALAYA_MAIL_CAPTURE_DIR: process.env.E2E_MAIL_DIR }),
    server(LOCK_PORT, 'lock', { ATALAYA_SESSION_TIMEOUT_MINUTES: String(LOCK_SESSION_TIMEOUT_MINUTES) }),
  ],
});
