import { MemoryStore } from "../../src/store/memory.js";
import { storeSuite } from "./store-suite.js";

storeSuite("MemoryStore", async (options) => new MemoryStore(options));
