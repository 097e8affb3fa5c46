/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

/**
 * precompress writes a Brotli (.br) and a gzip (.gz) twin of every text file in dist/ that they
 * make smaller, at the highest levels; the Go server sends the twin a browser accepts, so nothing
 * is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|map)$/.test(file)) continue
        const body = readFileSync(file)
        const twins = {
          gz: gzipSync(body, { level: 9 }),
          br: brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        }
        for (const [ext, packed] of Object.entries(twins)) {
          if (packed.length < body.length) writeFileSync(`${file}.${ext}`, packed)
        }
      }
    },
  }
}

/**
 * bootScript builds src/app/boot.ts as an entry of its own and lists it in index.html before the
 * main script, so that it runs as soon as its few bytes arrive and starts the first screen's code
 * and API reads in parallel with the main script (a second module script in index.html would be
 * bundled into the main one).
 */
function bootScript(): Plugin {
  const entry = 'src/app/boot.ts'
  return {
    name: 'boot-script',
    apply: 'build',
    config: () => ({ build: { rolldownOptions: { input: { index: 'index.html', boot: entry } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith(entry))
        if (!boot) throw new Error(`${entry} was not built`)
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${boot.fileName}` }, injectTo: 'head-prepend' }]
      },
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), bootScript()],
  // '@/' is src/ (tsconfig.app.json's paths say the same for the type checker and eslint's resolver);
  // the regular expression keeps packages such as '@radix-ui/…' out of it.
  resolve: { alias: [{ find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` }] },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // The Go binary embeds dist/; the build script recreates dist/.gitkeep after emptying it.
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Few, larger chunks: the server speaks HTTP/1.1, so a browser fetches six files at a time and
        // every further round costs a phone a round trip. The icons every screen draws travel together;
        // React, the router and the few components of the landing page that other screens share (every
        // page needs them) are one chunk; so are the libraries of the screens behind the landing page
        // (store, dialogs), which the landing page never loads, and those of forms. The boot script's
        // table and its early requests, with the addresses and constants they are made of, are one
        // small chunk that needs no other, so the boot script runs as soon as it arrives instead of
        // after React. The store, the API client and the shared components of the screens behind the
        // landing page are one chunk.
        codeSplitting: {
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 3 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|clsx)[\\/]|src[\\/](lib[\\/](cn|operator|usePageTitle)|components[\\/]ui[\\/](Button|Card|Logo|NotFoundCard|SiteFooter|SkipLink|Spinner))\.tsx?$/,
              priority: 2,
              // The addresses its components link to stay in the boot script's chunk.
              includeDependenciesRecursively: false,
            },
            // Recharts and the parts it alone uses load with the admin dashboard's charts only; what it
            // shares with the app (the store, React) stays where it is.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            { name: 'forms', test: /node_modules[\\/](formik|yup|lodash-es|property-expr|tiny-case|toposort|react-fast-compare|hoist-non-react-statics)[\\/]/, priority: 1 },
            // Menus, selects, tabs and tooltips with their positioning library are used only behind
            // the sign-in: the sign-in form and the certificate page do not load them.
            {
              name: 'widgets',
              test: /node_modules[\\/](@floating-ui|@radix-ui[\\/](react-(select|menu|dropdown-menu|tooltip|popper|roving-focus|tabs|arrow)|number))[\\/]|src[\\/]components[\\/](ui[\\/](Select|Tooltip|ScrollingTabList))\.tsx$/,
              priority: 1,
              // The small Radix parts they share with dialogs and toasts stay in libs.
              includeDependenciesRecursively: false,
            },
            // The password-strength estimator and its dictionary (about 1 MB) load only when a new
            // password is typed (features/auth/strength.ts), never with the sign-in page.
            { name: 'zxcvbn', test: /node_modules[\\/](@zxcvbn-ts|fastest-levenshtein)[\\/]/, priority: 4 },
            { name: 'libs', test: /node_modules[\\/](?!@stripe)/ },
            {
              name: 'screens',
              test: /src[\\/](app[\\/](screens|early)|lib[\\/](constants|listQuery|paths)|features[\\/](verifications[\\/]dashboardQueries|notifications[\\/]notificationQuery))\.ts$/,
              priority: 1,
            },
            { name: 'app', test: /src[\\/](app[\\/](AppShell|api|providers|store|hooks|guards)\.tsx?$|components[\\/]ui[\\/]|lib[\\/])/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Every core runs jsdom suites side by side: Vitest's default leaves one idle, which on two cores
    // made the suite a third slower. user-event typing can pass 5 s under that load.
    maxWorkers: '100%',
    testTimeout: 15_000,
  },
})
