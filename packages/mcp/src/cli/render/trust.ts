// Text forms of `axiom trust` (issue 21): what changed in the root's trust store, the trusted keys
// as a table (the full keyid, which `trust remove` takes), and what to run next. The JSON documents
// are unchanged.
import type { TrustStore } from "@codai/axiom-schema";
import type { Style } from "./style";
import { clip, count, printable, shellArg } from "./words";

/** Where the store is and how a person named the root, for the lines and the next commands. */
export interface TrustPlace {
  /** `<root>/.axiom/trust/keys.json`, absolute. */
  file: string;
  /** `--root` as typed. */
  rootArg: string;
}

const NAME_COLUMNS = 30;

export function renderTrustList(store: TrustStore, place: TrustPlace, style: Style): string {
  const root = shellArg(place.rootArg);
  if (store.keys.length === 0) {
    return `${[
      `no trusted keys in ${printable(place.file)}`,
      `  root id: ${store.rootId === undefined ? "none" : printable(store.rootId)}`,
      "next:",
      `  axiom trust add <pub.json> --root ${root}   (pub.json: the public entry axiom keygen prints)`,
    ].join("\n")}\n`;
  }
  const lines = [
    `${style.bold(count(store.keys.length, "trusted key"))} in ${printable(place.file)}`,
    `  root id: ${store.rootId === undefined ? "none" : printable(store.rootId)}`,
  ];
  if (store.minCounter !== undefined) lines.push(`  minCounter: ${store.minCounter}`);
  lines.push("", `  ${"KEYID".padEnd(64)}  NAME`);
  for (const k of store.keys) {
    const name = k.name === undefined ? style.dim("-") : clip(printable(k.name), NAME_COLUMNS);
    const floor = k.notBefore === undefined ? "" : `  notBefore ${k.notBefore}`;
    lines.push(`  ${k.keyid}  ${name}${floor}`);
  }
  return `${lines.join("\n")}\n`;
}

export function renderTrustAdd(r: { added: string; keys: number }, place: TrustPlace, style: Style): string {
  return `${[
    `${style.green("TRUSTED")} ${r.added}: ${count(r.keys, "key")} now trusted in ${printable(place.file)}`,
    "next:",
    `  axiom verify <signed.bundle.json> --root ${shellArg(place.rootArg)}`,
    `  axiom trust list --root ${shellArg(place.rootArg)}`,
  ].join("\n")}\n`;
}

export function renderTrustRemove(r: { removed: string; keys: number }, place: TrustPlace, style: Style): string {
  const lines = [`${style.yellow("REMOVED")} ${r.removed}: ${count(r.keys, "key")} left in ${printable(place.file)}`];
  if (r.keys === 0)
    lines.push(
      `  no key is trusted any more: add one with axiom trust add <pub.json> --root ${shellArg(place.rootArg)}`,
    );
  return `${lines.join("\n")}\n`;
}

/** `trust root-id` shown (`changed` false), set or cleared. */
export function renderRootId(r: { rootId: string | null }, changed: boolean, place: TrustPlace, style: Style): string {
  const root = shellArg(place.rootArg);
  if (!changed) {
    return r.rootId === null
      ? `no root id set in ${printable(place.file)}\n  set one: axiom trust root-id <id> --root ${root}\n`
      : `root id: ${printable(r.rootId)}\n`;
  }
  if (r.rootId === null) return `${style.yellow("CLEARED")} the root id in ${printable(place.file)}\n`;
  return `${[
    `${style.green("ROOT ID SET")} ${printable(r.rootId)} in ${printable(place.file)}`,
    "next:",
    `  axiom sign <bundle.json> --key-file <key> --root-id ${shellArg(r.rootId)}   (a signature bound to this root)`,
  ].join("\n")}\n`;
}
