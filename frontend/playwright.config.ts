import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 18473)
const baseURL = `http://127.0.0.1:${PORT}`

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2, // the machine has 2 cores; journeys use separate users so they can run side by side
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    viewport: { width: 1366, height: 900 },
    // CI keeps nothing of a run but its log, so a trace recorded there for every test would only
    // cost the two cores' time (its screencast and a DOM snapshot at each step).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'bash e2e/start-server.sh',
    url: `${baseURL}/healthz`,
    env: { PORT: String(PORT) },
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: process.env.E2E_SERVER_LOGS ? 'pipe' : 'ignore',
  },
})
