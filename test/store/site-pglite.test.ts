/** The site store suite on PGlite (in memory: nothing kept past the test). */
import { openSite } from "../../src/store/open.js";
import { siteSuite } from "./site-suite.js";

siteSuite("PGlite site store", () => openSite("pglite:memory://"));
