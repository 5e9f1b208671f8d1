import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import purgeCss from '@fullhuman/postcss-purgecss';
import type { Plugin as PostcssPlugin } from 'postcss';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import * as referencia from './src/shared/contratos/referencia';
import { PAGINAS_PRE_RENDERIZADAS, PAGINAS_PRECARREGADAS } from './src/web/paginas-precarregadas';
import { comprimir } from './scripts/vite-comprimir';
import { contratosSemDocumentacao } from './scripts/vite-contratos-sem-documentacao';
import { paginasPrecarregadas } from './scripts/vite-paginas-precarregadas';
import { paginasPreRenderizadas } from './scripts/vite-paginas-pre-renderizadas';
import { subconjuntoFontes } from './scripts/vite-subconjunto-fontes';
import { filtrarAvisos } from './scripts/vite-avisos';
import { zodSemJsonSchema } from './scripts/vite-zod-sem-json-schema';

// The web front end lives in src/web and is built into dist/web, which the server serves as static files.
// In development, /api and /dev-idp (the local identity provider) are proxied to the server on port 3000,
// so the browser sees one origin, as in production (cookies, XSRF-TOKEN, CSP).
const server = 'http://localhost:3000';

// react-router's package points every import condition at its development build (warnings and checks that a
// production bundle should not carry); the build takes its production build, the same code without them.
const reactRouterProducao = (arquivo: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${arquivo}`, import.meta.url));

/**
 * Decision 0017: the gov.br design system (about 700 KB), Font Awesome's class list and the toasts' styles come
 * in one stylesheet (src/web/styles/index.css); of it the build keeps only the rules whose classes, ids and
 * elements the web app's source names (PurgeCSS over src/web, after the @imports are inlined). Classes are
 * always written whole in the source (no `'fa-' + nome`), so a class used is a class kept. The toasts' classes
 * are made by react-toastify at run time: kept. @font-face and @keyframes are kept; custom properties only those
 * something reads (below). The smaller stylesheets a screen imports are the app's own and are left whole.
 */
const ESTILOS_GLOBAIS = /\/src\/web\/styles\/index\.css$/;

/**
 * Decision 0131: the design system declares about 1,600 custom properties on :root. Every element inherits them, and
 * an element that sets one of its own copies the whole set, so they made each style recalculation about twice as long.
 * The purge drops the ones no kept rule reads, directly or through another property (about 400 are left). A property
 * the app names elsewhere (a screen's own stylesheet, which is not purged, or a style in the source) counts as read:
 * a rule that reads them all is added before the purge, so the properties they read in turn are kept too, and taken
 * out after it.
 */
const LEITOR_DE_VARIAVEIS = 'rgp-variaveis-lidas-fora';
const VARIAVEIS_LIDAS_FORA = [...new Set(
  fs.readdirSync('src/web', { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(css|tsx?)$/.test(f) && !/\.test\.tsx?$|(^|\/)test\//.test(f))
    .flatMap((f) => [...fs.readFileSync(`src/web/${f}`, 'utf8').matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!)),
)];
const purga = purgeCss({
  // JSX writes `className`: the word `class` itself is named so that `[class*=col-]` (the grid's gutters)
  // is matched against the classes the source uses.
  content: ['src/web/**/*.{ts,tsx,html}', { raw: 'class', extension: 'txt' }],
  skippedContentGlobs: ['**/*.test.{ts,tsx}', '**/test/**'],
  safelist: { standard: [/^Toastify/, LEITOR_DE_VARIAVEIS], greedy: [/Toastify/] },
  fontFace: false,
  keyframes: false,
  variables: true,
});
const purgaEstilosGlobais = {
  postcssPlugin: 'rgp-purga-estilos-globais',
  async OnceExit(root, helpers) {
    if (!ESTILOS_GLOBAIS.test(root.source?.input.file ?? '')) return;
    const leitor = helpers.postcss.rule({ selector: `.${LEITOR_DE_VARIAVEIS}` });
    leitor.append(VARIAVEIS_LIDAS_FORA.map((v) => helpers.postcss.decl({ prop: 'content', value: `var(${v})` })));
    root.append(leitor);
    await (purga as PostcssPlugin).OnceExit?.(root, helpers);
    leitor.remove();
  },
} satisfies PostcssPlugin;

const BARRIL_DE_FEATURE = /\/src\/web\/features\/[^/]+\/index\.tsx?$/;

/**
 * What every screen needs (React, React DOM and its scheduler, the router): one file, cached across releases of the
 * app. Decision 0066: the build ships React itself, as the dev server and the unit tests run it.
 */
const NUCLEO = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;

/**
 * What the fisher's /home reads its answers and shows its messages with, without zod (decision 0130): one chunk, so
 * these small modules are not merged into the entry that the public pages load too.
 */
const LEITURAS = /\/src\/shared\/(leitor|leituras-pescador|reap-motivo|texto-valido|mensagens\/(pescador|carteira|notificacao|auditoria)|regras\/endereco-interno)\.ts$/;

/** The schemas' library: read answers and checked forms need it; a page that has read nothing does not. */
const ZOD = /\/node_modules\/zod\//;

/**
 * The reference lists a form offers (states' municipalities, occupations, species, the other lists): the GET
 * contracts of the referencia module, as one pattern of their paths. The service worker keeps their answers for
 * offline use (no personal data in them) and refreshes them whenever there is signal. Workbox matches a route's
 * pattern against the whole address (url.href), so the pattern names the origin's part too.
 */
const LISTAS_DE_REFERENCIA = new RegExp(
  `^https?://[^/]+(${Object.values(referencia)
    .filter((c) => c.metodo === 'GET')
    .map((c) => c.caminho.replace(/\{[^}]+\}/g, '[^/]+'))
    .join('|')})$`,
);

/**
 * Issue 25, decision 0061: the installable app. A manifest, and a Workbox service worker that precaches the app
 * shell (index.html, the fisher's scripts, styles, fonts and icons) so that the app opens without signal. The staff's
 * screens (administration, analysis) are not precached: a fisher's phone does not download them; a screen opened
 * online is still kept (the hashed assets are cached as they are used). The API is never cached except the
 * reference lists; a fisher's drafts live in IndexedDB, per CPF, not in the worker. A new release waits until the
 * user chooses to reload (registerType 'prompt', src/web/lib/aplicativo.ts), so a page never mixes two releases.
 */
const aplicativo = VitePWA({
  registerType: 'prompt',
  // Registered by src/web/lib/registrar-aplicativo.ts, for a signed-in fisher only.
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.ico', 'apple-touch-icon.png', 'icone.svg'],
  manifest: {
    id: '/',
    name: 'RGP – Registro Geral da Atividade Pesqueira',
    short_name: 'RGP',
    description: 'Registro, REAP e carteira do pescador profissional, do Ministério da Pesca e Aquicultura.',
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#1351b4',
    icons: [
      { src: '/icone-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icone-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icone-mascaravel-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{html,js,css,woff2,png,svg,ico}'],
    // The pages' copies of index.html (decision 0065) are the server's: offline, the shell is index.html.
    globIgnores: ['paginas/**', 'assets/administracao*', 'assets/analise-*', 'assets/home-servidor*', 'assets/*.worker*'],
    navigateFallback: '/index.html',
    // The API, the identity provider's pages and the metrics are never answered by the app shell.
    navigateFallbackDenylist: [/^\/api\//, /^\/dev-idp/, /^\/metrics/],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'rgp-telas', expiration: { maxEntries: 200, maxAgeSeconds: 90 * 24 * 3600 } },
      },
      {
        urlPattern: LISTAS_DE_REFERENCIA,
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: 'rgp-referencias',
          expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig(({ command }) => ({
  root: 'src/web',
  plugins: [contratosSemDocumentacao(), zodSemJsonSchema(), react(), subconjuntoFontes(), paginasPrecarregadas(PAGINAS_PRECARREGADAS),
    paginasPreRenderizadas(PAGINAS_PRE_RENDERIZADAS), aplicativo, comprimir()],
  css: { postcss: { plugins: command === 'build' ? [purgaEstilosGlobais] : [] } },
  resolve: {
    alias: command === 'build'
      ? [
          { find: /^react-router$/, replacement: reactRouterProducao('index.mjs') },
          { find: /^react-router\/dom$/, replacement: reactRouterProducao('dom-export.mjs') },
        ]
      : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Decision 0017: each screen is its own chunk (src/web/router.tsx); only the core is grouped.
    rollupOptions: {
      // Not zod's misplaced comments, at every build (scripts/vite-avisos.ts).
      onwarn: filtrarAvisos,
      // A feature's index only re-exports: a screen that takes one thing from it (the fisher's /home takes the
      // link to the staff's follow-up list) must not pull in the rest (the analysis screen and its form code).
      treeshake: { moduleSideEffects: (id: string) => !BARRIL_DE_FEATURE.test(id) },
      output: {
        // The cards' table is shared by /home, the documents and the staff's lists: a chunk of its own, so the merging
        // below never folds it into a chunk that only the phone's queues need (it did: /home then loaded the documents'
        // queue, 4.6 KB more).
        // zod is a chunk of its own (decision 0065): no small module of the app is merged into it, nor it into one, so
        // a page whose modules do not import zod (the card lookup until its first lookup) does not load it.
        manualChunks: (id) => {
          if (NUCLEO.test(id)) return 'react';
          if (ZOD.test(id)) return 'zod';
          if (LEITURAS.test(id)) return 'leituras';
          return /\/src\/web\/components\/tabela-cartoes\.tsx$/.test(id) ? 'tabela-cartoes' : undefined;
        },
        // Chunks under 2 KB join a chunk that imports them (issue 24): each costs a request and its own import lines.
        // Not 4 KB (decision 0130): with /home free of zod, the 4 KB merges put the forms' helpers in the entry, which
        // the landing page and the card lookup then loaded for nothing (+1.2 and +1.6 KB).
        experimentalMinChunkSize: 2048,
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
}));
