import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** The kinds of file worth compressing (fonts and images are compressed already). */
export const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".svg", ".json", ".txt", ".map", ".xml"]);

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** `FILE.br` (brotli, quality 11) and `FILE.gz` (gzip, level 9) beside every compressible file. */
export function compressFile(file: string): void {
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
export function precompress(): Plugin {
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
