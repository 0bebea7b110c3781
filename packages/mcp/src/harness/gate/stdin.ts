// Reads the hook payload (hooks-doctor.md §2.2): at most 4 MiB, at most 2000 ms to EOF.
export const STDIN_MAX_BYTES = 4 * 1024 * 1024;
export const STDIN_TIMEOUT_MS = 2000;

export type StdinResult = { kind: "text"; text: string } | { kind: "none"; why: string; oversize?: boolean };

export function readStdin(stream: NodeJS.ReadableStream & { destroy?(): void } = process.stdin): Promise<StdinResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: StdinResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.removeAllListeners("data");
      // Release the handle so a never-closed stdin does not keep the process alive.
      stream.pause();
      stream.destroy?.();
      resolve(r);
    };
    const timer = setTimeout(
      () => finish({ kind: "none", why: `no payload on stdin within ${STDIN_TIMEOUT_MS} ms` }),
      STDIN_TIMEOUT_MS,
    );
    stream.on("data", (chunk: Buffer | string) => {
      const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > STDIN_MAX_BYTES) {
        finish({ kind: "none", why: `stdin exceeded ${STDIN_MAX_BYTES} bytes`, oversize: true });
        return;
      }
      chunks.push(buf);
    });
    stream.on("end", () => finish({ kind: "text", text: Buffer.concat(chunks).toString("utf8") }));
    stream.on("error", (err) => finish({ kind: "none", why: `stdin error: ${err.message}` }));
  });
}
