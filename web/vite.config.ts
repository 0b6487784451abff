/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { parse } from "@formatjs/icu-messageformat-parser";
import preact from "@preact/preset-vite";
import { defineConfig, type Plugin } from "vite";

const root = import.meta.dirname;

/** The kinds of file worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".svg", ".json", ".txt", ".map", ".xml"]);

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** `FILE.br` (brotli, quality 11) and `FILE.gz` (gzip, level 9) beside `file`, when smaller. */
function compressFile(file: string): void {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  // A variant that saves nothing is not written: the server then sends the file itself.
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
}

/**
 * Precompression at build time: once the build is written, every compressible file of the output
 * gets its brotli and gzip variants beside it, which `paigow serve` sends to a browser that
 * accepts them (docs/web.md, "Serving the build"). Node's own zlib compresses: no package.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "paigow-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (COMPRESSIBLE.has(extname(file))) compressFile(file);
      }
    },
  };
}

/** The message catalogues (`src/i18n/messages/*.json`, ICU MessageFormat strings). */
const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/][^\\/]+\.json$/;

/**
 * The catalogues compiled at build time: each message becomes its ICU syntax tree, so the
 * client formats without a message parser (`@formatjs/icu-messageformat-parser` is aliased to
 * its `no-parser` build below). A message that does not parse fails the build, naming it.
 */
function icuCatalogues(): Plugin {
  return {
    name: "paigow-icu-catalogues",
    enforce: "pre",
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, text] of Object.entries(messages)) {
        try {
          compiled[key] = parse(text);
        } catch (e) {
          throw new Error(`${id}: message ${key} is not ICU MessageFormat: ${String(e)}`, { cause: e });
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

// Two pages: the app (index.html) and the component gallery (gallery.html).
// `base: "./"` keeps every asset path relative, so the build works wherever it is served.
// `icuCatalogues()` compiles the message catalogues; `precompress()` writes FILE.br and FILE.gz beside each compressible file of the build.
export default defineConfig({
  base: "./",
  plugins: [icuCatalogues(), preact(), precompress()],
  resolve: {
    alias: [
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: "@formatjs/icu-messageformat-parser/no-parser.js" },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: {
        main: resolve(root, "index.html"),
        gallery: resolve(root, "gallery.html"),
      },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    // No test is timed: the property tests take a second on an idle machine and many more on a
    // loaded one, where vitest's default of 5 s failed a test that was right.
    testTimeout: 120_000,
  },
});
