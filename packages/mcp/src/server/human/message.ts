// The elicitation shown to the human (mcp.md §8.4, issue 19 "the human step shows the change"): fixed
// texts, the root, the file count, the digest, at most 20 op lines — each with `create`, `overwrite`
// or `delete` and `+added −removed` (or what stands in for them) — then a bounded excerpt of the
// unified diff and the 12 characters to type, last. Nothing the model wrote as prose (intent, names)
// ever appears; the file content that does is masked and escaped (excerpt.ts), and control/format
// code points are escaped so a path cannot disguise itself (threats.md: bidi overrides such as U+202E).
// The whole message stays under MESSAGE_MAX_BYTES (HUM-1).
import type { FileChange } from "@codai/axiom-workflow";
import { clipMiddle, excerpt } from "./excerpt";

export { escapeForHuman } from "./excerpt";

export const MAX_OP_LINES = 20;
/** Lines of the diff excerpt across files (`=== <path>` lines included), before "… N more lines". */
export const EXCERPT_MAX_LINES = 60;
/** UTF-8 bytes of the whole message (HUM-1). */
export const MESSAGE_MAX_BYTES = 8192;

/** The 64 hex of `sha256:<hex>` (or of a bare hex digest). */
export function digestHex(manifestDigest: string): string {
  return manifestDigest.startsWith("sha256:") ? manifestDigest.slice(7) : manifestDigest;
}

export function digest12(manifestDigest: string): string {
  return digestHex(manifestDigest).slice(0, 12);
}

/** Deletes first, then the rest, each group in manifest order. */
export function orderOps<T extends { op: string }>(artifacts: readonly T[]): T[] {
  return [...artifacts.filter((a) => a.op === "delete"), ...artifacts.filter((a) => a.op !== "delete")];
}

/** What follows the path on an op line: the line counts, or what stands in for them. */
function counts(c: FileChange): string {
  switch (c.kind) {
    case "text":
      return `+${c.added} −${c.removed}`;
    case "binary":
      return `binary, ${c.bytes} bytes`;
    case "large":
      return `${c.bytes} bytes, too large to diff`;
    case "unavailable":
      return `no diff: ${c.code}`;
  }
}

const bytesOf = (lines: readonly string[]) => Buffer.byteLength(lines.join("\n"), "utf8");

export function confirmationMessage(
  root: string,
  manifestDigest: string,
  changes: readonly FileChange[],
  reviewLink?: string,
): string {
  const ordered = orderOps(changes);
  const head = [
    "AXIOM apply needs your confirmation",
    `root: ${clipMiddle(root)}`,
    `files: ${changes.length}`,
    `manifest: sha256:${digestHex(manifestDigest)}`,
    // The change view of this manifest while `axiom ui` runs for the root (issue 22, UI-13).
    ...(reviewLink === undefined ? [] : [`review: ${reviewLink}`]),
  ];
  const opLines = ordered.slice(0, MAX_OP_LINES).map((c) => `${c.op} ${clipMiddle(c.path)} (${counts(c)})`);
  const last = `Type these 12 characters into digest12: ${digest12(manifestDigest)}`;
  const withOps = (n: number, block: readonly string[] = []) => [
    ...head,
    ...opLines.slice(0, n),
    ...(ordered.length > n ? [`… and ${ordered.length - n} more`] : []),
    ...block,
    last,
  ];
  // The op lines come first: under the cap, fewer of them (the rest counted in "… and N more").
  let shown = opLines.length;
  while (shown > 0 && bytesOf(withOps(shown)) > MESSAGE_MAX_BYTES) shown--;
  // Then as much of the excerpt as the line bound and the byte cap leave room for.
  const ex = excerpt(ordered, EXCERPT_MAX_LINES);
  if (ex.total === 0) return withOps(shown).join("\n");
  const block = (k: number) => [
    "diff:",
    ...ex.lines.slice(0, k),
    ...(ex.total > k ? [`… ${ex.total - k} more lines`] : []),
  ];
  for (let k = ex.lines.length; k >= 0; k--) {
    const lines = withOps(shown, block(k));
    if (bytesOf(lines) <= MESSAGE_MAX_BYTES) return lines.join("\n");
  }
  return withOps(shown).join("\n");
}

/** Form mode allows only flat primitive properties, so exactly these two (mcp.md §8.4). */
export function confirmationSchema() {
  return {
    type: "object" as const,
    properties: {
      confirm: { type: "boolean" as const, title: "Apply this change set", default: false },
      digest12: {
        type: "string" as const,
        title: "First 12 hex characters of the manifest digest",
        minLength: 12,
        maxLength: 12,
      },
    },
    required: ["confirm", "digest12"],
  };
}
