import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * index.html carries the production Content-Security-Policy (no inline script, no eval, no remote
 * origin). The dev server needs inline scripts for hot reload, so only `vite serve` relaxes it.
 */
function relaxCspForDevServer(): Plugin {
  return {
    name: 'relax-csp-for-dev-server',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
  };
}

export default defineConfig({
  plugins: [react(), relaxCspForDevServer()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  preview: { host: '127.0.0.1' },
  test: {
    include: ['src/**/*.test.ts', 'workers/**/*.test.ts'],
    environment: 'node',
  },
});
