/// <reference types="vitest/config" />
import { resolve } from "node:path";
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";
import { precompress } from "./precompress";

const root = import.meta.dirname;

// Two pages: the app (index.html) and the component gallery (gallery.html).
// `base: "./"` keeps every asset path relative, so the build works wherever it is served.
// `precompress()` writes FILE.br and FILE.gz beside each compressible file of the build.
export default defineConfig({
  base: "./",
  plugins: [preact(), precompress()],
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
  },
});
