// One spelling for comparing paths git prints with paths AXIOM built (apply.md §15 step 3).
import { stripLongPrefix } from "../containment";

/** `\`→`/`, trailing `/` stripped, lower-cased on win32 (§15 step 3). */
export function comparable(p: string): string {
  let s = stripLongPrefix(p).replace(/\\/g, "/");
  while (s.length > 1 && s.endsWith("/")) s = s.slice(0, -1);
  return process.platform === "win32" ? s.toLowerCase() : s;
}
