/**
 * The web client (src/web, built by `npm run build:web` into dist-web/) served at `/`, beside the API at /api.
 * The built folder is read once when the app is made and each of its files becomes one GET route: nothing
 * outside that list is ever read, so no request path can reach another file. The client routes with the URL's
 * hash (`/#/games/ID`), so `/` is the only page and no fallback is needed.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * The page's own code only: scripts and styles from this origin, data: images, no frames, no plugins. Inline
 * styles are allowed because React sets style attributes and the maps are SVG text with presentation styles.
 */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Starhost</title></head><body>
<main><h1>Starhost</h1><p>The web client is not built: run <code>npm run build:web</code> and start the server again.
The API is at <a href="/docs">/docs</a>.</p></main></body></html>`;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

/** Serve the built client in `dir` (a page saying how to build it when the folder has no index.html). */
export function registerWebClient(app: FastifyInstance, dir: string): void {
  let files: string[] = [];
  try {
    files = filesUnder(dir);
  } catch {
    // No folder: the client is not built; `/` says so.
  }
  const headers = { "content-security-policy": CSP, "x-content-type-options": "nosniff", "referrer-policy": "same-origin" };
  const index = files.find((f) => relative(dir, f) === "index.html");
  if (!index) {
    app.get("/", { schema: { hide: true } }, async (_req, reply) => reply.headers(headers).type(TYPES[".html"]!).send(NOT_BUILT));
    return;
  }
  for (const f of files) {
    const body = readFileSync(f);
    const url = `/${relative(dir, f).split(sep).join("/")}`;
    const type = TYPES[extname(f)] ?? "application/octet-stream";
    // Vite names assets by their content's hash: they never change, so browsers may keep them for good.
    const cache = url.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
    const send = async (_req: FastifyRequest, reply: FastifyReply) =>
      reply
        .headers({ ...headers, "cache-control": cache })
        .type(type)
        .send(body);
    app.get(url === "/index.html" ? "/" : url, { schema: { hide: true } }, send);
  }
}
