// What a power cut can do to `journal/chain.jsonl` (APL-25): an append is one write then an fsync
// (apply.md §12.2), and a cut between them may keep the write in part — a block-aligned prefix of
// the new line (or, on some file systems, a length whose bytes read as zeros) with no `\n`. The
// walk calls that a torn tail (§12.3 `parse`), and every later append refuses to write after it,
// so one cut would stop the chain for good. Threats.md §4.2 already makes a failed append truncate
// the file back under the lock; a cut append is the same failure with no process left to do it, so
// the next holder of the lock (recovery, a manual rollback) does. Only that shape is repaired:
// every line before the tail verifies and the tail is an unfinished start of the next entry, or
// zeros; anything else — a whole line that only lacks its `\n` included — is damage a human must
// see, and is left to status and `verify --journal` (apply.md: "broken chain, then apply → no line
// appended").
import { errnoOf, fsx, layout, O } from "@codai/axiom-store";
import { readChainBytes } from "./chain";
import { knownHead } from "./chain-head";
import { tallyChain } from "./chain-walk";

const NL = 0x0a;

/**
 * The length to keep when `bytes` ends in a torn append, else undefined: the bytes after the last
 * `\n` must be all zeros, or a prefix of `{"seq":<n+1>,` or start with it (n = the good lines)
 * without being a whole JSON line.
 */
export function tornTailKeep(bytes: Uint8Array): number | undefined {
  if (bytes.length === 0 || bytes[bytes.length - 1] === NL) return undefined;
  const keep = bytes.lastIndexOf(NL) + 1;
  const tally = tallyChain(Buffer.from(bytes.buffer, bytes.byteOffset, keep));
  if (tally.firstBad) return undefined;
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + keep, bytes.length - keep);
  if (tail.every((b) => b === 0)) return keep;
  const start = `{"seq":${tally.count + 1},`;
  const text = tail.toString("latin1");
  if (!text.startsWith(start) && !start.startsWith(text)) return undefined;
  return wholeJson(tail) ? undefined : keep;
}

function wholeJson(tail: Buffer): boolean {
  try {
    JSON.parse(tail.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

/**
 * Truncates a torn append off the chain and fsyncs it; returns the bytes removed (0: nothing to
 * repair). The caller holds the root lock (§12.2), so no append of a live process is cut.
 */
export async function repairTornChainTail(
  root: string,
  onWarn?: (message: string, data?: Record<string, unknown>) => void,
): Promise<number> {
  // A chain exactly as this process's last append left it ends with that whole line.
  if ((await knownHead(layout.chain(root))) !== undefined) return 0;
  const bytes = await readChainBytes(root);
  const keep = tornTailKeep(bytes);
  if (keep === undefined) return 0;
  const file = layout.chain(root);
  let fd: number;
  try {
    fd = await fsx.open(file, O.O_WRONLY);
  } catch (err) {
    if (errnoOf(err) === "ENOENT") return 0;
    throw err;
  }
  try {
    await fsx.ftruncate(fd, keep);
    await fsx.fsync(fd);
  } finally {
    await fsx.close(fd).catch(() => undefined);
  }
  onWarn?.("torn chain tail truncated", { file, bytes: bytes.length - keep });
  return bytes.length - keep;
}
