import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Browser journeys against the whole product, started as `npm start` starts it (embedded PostgreSQL,
// development identity provider), on its own port and a fresh data folder.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE = `http://localhost:${PORT}`;
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'off',
    // The app's service worker (issue 25) is installed only where a journey tests it (e2e/offline-*.spec.ts): in the
    // others it would download the whole app in the background of every page and race what the journey checks.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [
    // Offline journeys are a phone's (a fisher without signal): they run at 360 px only.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /offline-.*\.spec\.ts/ },
    {
      name: 'phone-360',
      use: { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      // The bytes on the wire do not depend on the screen: the page-weight budget is measured once, on desktop. The
      // agencies' webhooks are an ADMIN's desk screen, whose journey the issue sets at 1280 px.
      testIgnore: /(peso-paginas|integracao)\.spec\.ts/,
    },
  ],
  webServer: {
    command: `rm -rf .test-data/e2e-${PORT} && tsx src/server/main.ts`,
    url: `${BASE}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      DATA_DIR: `.test-data/e2e-${PORT}`,
      EMBEDDED_PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 5499)),
      LOG_LEVEL: 'warn',
      // Load shedding (decision 0070) has its own tests; here, on a busy CI machine, a shed request would fail a
      // journey that tests something else.
      OVERLOAD_MAX_SERVER_TIME_MS: '0',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      // A job a journey sends to the queue, as its schedule would, starts within a second, not the idle queue's 30 s
      // (decision 0210).
      JOBS_POLL_SECONDS: '1',
    },
  },
});
