// The `snapshot` progress line (cli.md §9.3): stderr only, only on a TTY; first drawn after
// 500 ms, redrawn at most every 100 ms, erased before anything else is written and before exit.
import { writeStderr } from "./output";
import { bytes as humanBytes } from "./render/words";

const CLEAR = "\r\u001b[2K";

export interface Progress {
  update(files: number, bytes: number): void;
  stop(): void;
}

export function createProgress(now: () => number = Date.now, isTTY = Boolean(process.stderr.isTTY)): Progress {
  if (!isTTY) return { update: () => undefined, stop: () => undefined };
  const start = now();
  let lastDraw = 0;
  let drawn = false;
  return {
    update(files, bytes) {
      const t = now();
      if (t - start < 500 || t - lastDraw < 100) return;
      lastDraw = t;
      drawn = true;
      writeStderr(`${CLEAR}snapshot: ${files} files, ${humanBytes(bytes)}`);
    },
    stop() {
      if (drawn) writeStderr(CLEAR);
      drawn = false;
    },
  };
}
