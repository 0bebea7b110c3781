// RelPath validation (formats.md §1.1): every failing rule is reported, in rule order.
import type { ErrorCode } from "./errors";

export const RELPATH_MAX = 1024;

const INVALID_CHAR = /[<>:"|?*\u0000-\u001f\u007f]/;
const RESERVED = /^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(\.[^.]*)?$/i;

/** The RelPath codes that fail for `path`, in the normative order; [] when valid. */
export function relPathIssues(path: string): ErrorCode[] {
  if (path.length === 0) return ["ERR_PATH_SEGMENT"];
  const codes: ErrorCode[] = [];
  const tooLong = path.length > RELPATH_MAX;
  if (tooLong) codes.push("ERR_PATH_SEGMENT");
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path) || path.includes("\\")) {
    codes.push("ERR_PATH_NOT_RELATIVE_POSIX");
  }
  if (path !== path.normalize("NFC")) codes.push("ERR_PATH_NOT_NFC");
  if (INVALID_CHAR.test(path)) codes.push("ERR_PATH_INVALID_CHAR");
  const segments = path.split("/");
  const badSegment = segments.some(
    (s) => s === "" || s === "." || s === ".." || s.endsWith(".") || s.endsWith(" "),
  );
  if (badSegment && !tooLong) codes.push("ERR_PATH_SEGMENT");
  if (segments.some((s) => RESERVED.test(s))) codes.push("ERR_PATH_RESERVED_NAME");
  return codes;
}

export function isRelPath(path: unknown): path is string {
  return typeof path === "string" && relPathIssues(path).length === 0;
}
