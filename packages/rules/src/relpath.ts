// RelPath rules (formats.md §1.1): every failing rule is reported, in rule order. Here, not in
// schema, because the gate must apply them without loading zod (hooks-doctor.md §2.8 step 4,
// §2.14); schema's RelPathSchema wraps this function. One axiom_write call checks each path several
// times (tool, Plan and Manifest schemas, compile, apply's containment, path.reservedNames): cheap,
// so not memoised yet.
import { RELPATH_MAX } from "./limits";

/** The codes a RelPath can fail with; each is an ERROR_CODES member (schema checks that at compile time). */
export const RELPATH_CODES = [
  "ERR_PATH_SEGMENT",
  "ERR_PATH_NOT_RELATIVE_POSIX",
  "ERR_PATH_NOT_NFC",
  "ERR_PATH_INVALID_CHAR",
  "ERR_PATH_RESERVED_NAME",
] as const;
export type RelPathCode = (typeof RELPATH_CODES)[number];

// biome-ignore lint/suspicious/noControlCharactersInRegex: C0 controls and DEL are exactly what §1.1 forbids
const INVALID_CHAR = /[<>:"|?*\u0000-\u001f\u007f]/;
const RESERVED = /^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(\.[^.]*)?$/i;

/** The RelPath codes that fail for `path`, in the normative order; [] when valid. */
export function relPathIssues(path: string): RelPathCode[] {
  if (path.length === 0) return ["ERR_PATH_SEGMENT"];
  const codes: RelPathCode[] = [];
  const tooLong = path.length > RELPATH_MAX;
  if (tooLong) codes.push("ERR_PATH_SEGMENT");
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path) || path.includes("\\")) {
    codes.push("ERR_PATH_NOT_RELATIVE_POSIX");
  }
  if (path !== path.normalize("NFC")) codes.push("ERR_PATH_NOT_NFC");
  if (INVALID_CHAR.test(path)) codes.push("ERR_PATH_INVALID_CHAR");
  const segments = path.split("/");
  const badSegment = segments.some((s) => s === "" || s === "." || s === ".." || s.endsWith(".") || s.endsWith(" "));
  if (badSegment && !tooLong) codes.push("ERR_PATH_SEGMENT");
  if (segments.some((s) => RESERVED.test(s))) codes.push("ERR_PATH_RESERVED_NAME");
  return codes;
}

export function isRelPath(path: unknown): path is string {
  return typeof path === "string" && relPathIssues(path).length === 0;
}
