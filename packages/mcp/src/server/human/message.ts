// The elicitation shown to the human (mcp.md §8.4): fixed texts, the root, the file count, the
// digest, at most 20 op lines and the 12 characters to type. Nothing the model wrote (intent,
// names) ever appears, and control/format code points are escaped so a path cannot disguise
// itself (threats.md: bidi overrides such as U+202E).

export interface OpLine {
  op: string;
  path: string;
}

export const MAX_OP_LINES = 20;

const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** Every Cc/Cf/Zl/Zp code point as `\u{XXXX}` (uppercase hex, ≥ 4 digits). */
export function escapeForHuman(text: string): string {
  return text.replace(HIDDEN, (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}}`);
}

/** The 64 hex of `sha256:<hex>` (or of a bare hex digest). */
export function digestHex(manifestDigest: string): string {
  return manifestDigest.startsWith("sha256:") ? manifestDigest.slice(7) : manifestDigest;
}

export function digest12(manifestDigest: string): string {
  return digestHex(manifestDigest).slice(0, 12);
}

/** Deletes first, then the rest, each group in manifest order. */
export function orderOps(artifacts: readonly OpLine[]): OpLine[] {
  return [...artifacts.filter((a) => a.op === "delete"), ...artifacts.filter((a) => a.op !== "delete")];
}

export function confirmationMessage(root: string, manifestDigest: string, artifacts: readonly OpLine[]): string {
  const ordered = orderOps(artifacts);
  const lines = [
    "AXIOM apply needs your confirmation",
    `root: ${escapeForHuman(root)}`,
    `files: ${artifacts.length}`,
    `manifest: sha256:${digestHex(manifestDigest)}`,
    ...ordered.slice(0, MAX_OP_LINES).map((a) => `${a.op} ${escapeForHuman(a.path)}`),
  ];
  if (ordered.length > MAX_OP_LINES) lines.push(`… and ${ordered.length - MAX_OP_LINES} more`);
  lines.push(`Type these 12 characters into digest12: ${digest12(manifestDigest)}`);
  return lines.join("\n");
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
