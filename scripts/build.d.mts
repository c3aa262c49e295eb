/** Types of scripts/build.mjs, for the tests and benchmarks that build through it. */
import type { Metafile } from "esbuild";

export const ROOT: string;
export const DEFAULT_OUT: string;
export const STAMP: string;
export function build(options?: {
  out?: string;
  minify?: boolean;
}): Promise<{ out: string; files: { path: string; bytes: number; imports: string[] }[]; metafile: Metafile; ms: number }>;
export function buildErrorText(e: unknown): string;
