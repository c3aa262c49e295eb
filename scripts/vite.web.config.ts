/**
 * The web client's build (`npm run build:web`): src/web to static files in dist-web/, which `starhost serve`
 * serves at `/`. Ruleset views are loaded on demand, so the first page carries only the shell.
 */
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL("../src/web", import.meta.url));

export default defineConfig({
  root,
  base: "/",
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL("../dist-web", import.meta.url)),
    emptyOutDir: true,
    // Node 20's Chromium-era browsers and later: the rules use ES2022 (class fields, Object.hasOwn).
    target: "es2022",
    reportCompressedSize: true,
  },
  server: { proxy: { "/api": "http://127.0.0.1:8080", "/docs": "http://127.0.0.1:8080" } },
});
