import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { FoldersStore } from "../../src/store/folders.js";
import { storeSuite } from "./store-suite.js";

const root = mkdtempSync(join(tmpdir(), "starhost-folders-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

storeSuite("folder store (a folder of game folders)", async (options) => new FoldersStore(join(root, "games"), options));
