// Newline-delimited framing of the stdio transport (mcp.md §2). The SDK's reader concatenates its
// whole buffer with every 64 KiB chunk and rescans it for "\n", which is quadratic in the message
// size: a 4 MiB axiom_write call cost ≈ 120 ms of copying. This one keeps the chunks of the
// unfinished line and joins them once, when its newline arrives. Parsing stays with the SDK.

/** D25: a message (line) over 10 MiB closes the connection, as the SDK's own reader does. */
export const STDIO_LINE_MAX = 10 * 1024 * 1024;

export class StdioLineReader {
  private parts: Buffer[] = [];
  private pending = 0;

  constructor(private readonly maxBytes: number = STDIO_LINE_MAX) {}

  /**
   * The complete lines `chunk` ends (UTF-8, one trailing "\r" removed), in order. Throws, and
   * forgets the unfinished line, when the unfinished line plus `chunk` is over the limit (the
   * SDK's rule: the check runs before the chunk is looked at).
   */
  push(chunk: Buffer): string[] {
    if (this.pending + chunk.length > this.maxBytes) {
      this.clear();
      throw new Error(`stdio message exceeded the maximum size of ${this.maxBytes} bytes`);
    }
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const tail = chunk.subarray(start, nl);
      const bytes = this.parts.length === 0 ? tail : Buffer.concat([...this.parts, tail], this.pending + tail.length);
      this.clear();
      const line = bytes.toString("utf8");
      lines.push(line.endsWith("\r") ? line.slice(0, -1) : line);
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.parts.push(chunk.subarray(start));
      this.pending += chunk.length - start;
    }
    return lines;
  }

  clear(): void {
    this.parts = [];
    this.pending = 0;
  }
}
