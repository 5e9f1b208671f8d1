import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web front end lives in src/web and is built into dist/web, which the server serves as static files.
// In development, /api and /dev-idp (the local identity provider) are proxied to the server on port 3000,
// so the browser sees one origin, as in production (cookies, XSRF-TOKEN, CSP).
const server = 'http://localhost:3000';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the application: separate files cache better.
        manualChunks: {
          react: ['react', 'react-dom', 'react-router'],
          vendor: ['@tanstack/react-query', 'axios', 'zod', 'react-toastify', 'react-imask'],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: server },
      '/dev-idp': { target: server },
    },
  },
  preview: {
    port: 5173,
  },
});
