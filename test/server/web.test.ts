/**
 * The web client's files as `starhost serve` serves them (src/server/web.ts): the built folder's files and
 * nothing else, `/` its index.html, hashed assets cached for good, a content security policy on each; without
 * a build, `/` says how to make one. The API is unchanged beside them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testServer } from "./support.js";

const work = mkdtempSync(join(tmpdir(), "starhost-webfiles-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the web client's files", () => {
  it("serves the build's files only, / as its index, assets cached for good", async () => {
    const dir = join(work, "dist-web");
    mkdirSync(join(dir, "assets"), { recursive: true });
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>Starhost</title>");
    writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log(1)");
    writeFileSync(join(work, "secret.txt"), "not for the web");
    const s = await testServer({ web: dir });
    try {
      const page = await s.app.inject({ method: "GET", url: "/" });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["cache-control"]).toBe("no-cache");
      expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(page.body).toContain("<title>Starhost</title>");
      const js = await s.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
      expect(js.statusCode).toBe(200);
      expect(js.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      for (const url of ["/secret.txt", "/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/assets/nope.js"]) {
        const r = await s.app.inject({ method: "GET", url });
        expect(r.statusCode, url).toBe(404);
        expect(r.body).not.toContain("not for the web");
      }
      expect((await s.app.inject({ method: "GET", url: "/api/health" })).json()).toMatchObject({ ok: true });
    } finally {
      await s.close();
    }
  });

  it("without a build, / says how to make one; without the option, / is not served", async () => {
    const s = await testServer({ web: join(work, "missing") });
    try {
      const r = await s.app.inject({ method: "GET", url: "/" });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain("npm run build:web");
    } finally {
      await s.close();
    }
    const bare = await testServer();
    try {
      expect((await bare.app.inject({ method: "GET", url: "/" })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
