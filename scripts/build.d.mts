/** Types of scripts/build.mjs, for the tests and benchmarks that build through it. */
import type { Metafile } from "esbuild";

export const ROOT: string;
export function build(options?: {
  out?: string;
  minify?: boolean;
}): Promise<{ out: string; files: { path: string; bytes: number }[]; metafile: Metafile; ms: number }>;
export function buildErrorText(e: unknown): string;
