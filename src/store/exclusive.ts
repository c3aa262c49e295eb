/** Files created whole and exclusively: nothing planted at the path in advance (a file, a symbolic link) is ever written through. */
import { closeSync, constants, fsyncSync, openSync, writeSync } from "node:fs";

/** Create `path` (refused with EEXIST if anything is there, a link included) and write `data` whole; flushed when `sync`. */
export function createExclusive(path: string, data: string | Buffer, sync = true): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
