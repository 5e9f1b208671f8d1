import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the server, shared rules and the local lint rules run in Node against a real PostgreSQL (see
// src/server/test/global-setup.ts); the web runs in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'eslint-rules/**/*.test.ts', 'deploy/**/*.test.ts', 'scripts/drill/**/*.test.ts', 'scripts/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
