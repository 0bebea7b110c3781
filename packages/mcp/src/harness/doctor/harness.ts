// Harness files as doctor reads them (hooks-doctor.md §4.1): JSONC, with absent / bad / value kept
// apart, and a path lookup that never throws on an unexpected shape.
import { type ConfigRead, readConfigFile } from "../gate/config-file";
import { isPlainObject, parseJsonc } from "./jsonc";

/** A harness file read as JSONC: absent, bad (unreadable or not JSONC, with why) or its value. */
export function readJsoncFile(file: string): Promise<ConfigRead> {
  return readConfigFile(file, parseJsonc);
}

/** The value at a key path, or undefined when any step is missing or not an object. */
export const getIn = (v: unknown, ...keys: string[]): unknown => {
  let cur = v;
  for (const k of keys) {
    if (!isPlainObject(cur)) return undefined;
    cur = cur[k];
  }
  return cur;
};
