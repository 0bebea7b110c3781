// `axiom trust add <pubkey.json> | remove <keyid> | list | root-id [<id> | --clear] --root <dir>`
// (signing.md §3.3, cli.md §7.17): edits `<root>/.axiom/trust/keys.json`. Schema problems are
// ERR_INVALID_PROFILE; unusable key material or a keyid that is not the key's sha256 is
// ERR_SIGNATURE_INVALID.
import { join } from "node:path";
import {
  axiomError,
  collectIssues,
  type TrustedKey,
  TrustedKeySchema,
  type TrustStore,
  wireIssues,
} from "@codai/axiom-schema";
import { AXIOM_REL } from "@codai/axiom-store/layout";
import { readTrustStore, trustedKeyProblem, writeTrustStore } from "@codai/axiom-workflow";
import { booleanFlag, stringFlag } from "../args";
import { decodeInputText, readInputBytes } from "../input";
import { type OutputMode, outputMode, printResult } from "../output";
import { makeStyle } from "../render/style";
import { renderRootId, renderTrustAdd, renderTrustList, renderTrustRemove, type TrustPlace } from "../render/trust";
import { resolveCliRoot } from "../roots";
import { checkRootId } from "../sign-intake";
import { UsageError, type VerbContext } from "../verb";

const EMPTY_STORE: TrustStore = { version: 1, keys: [] };

function invalidProfile(message: string, issues: Parameters<typeof wireIssues>[0]): never {
  throw axiomError("ERR_INVALID_PROFILE", { message, details: { issues: wireIssues(issues).slice(0, 10) } });
}

/** A TrustedKey, or a keygen output `{ publicEntry, … }` whose entry is one. */
async function readKeyInput(file: string, cwd: string): Promise<TrustedKey> {
  const bytes = await readInputBytes(file, cwd);
  let value: unknown;
  try {
    value = JSON.parse(decodeInputText(bytes, file, "bundle"));
  } catch {
    invalidProfile(`${file} is not UTF-8 JSON`, [{ path: "", message: "not UTF-8 JSON" }]);
  }
  const entry =
    typeof value === "object" && value !== null && !Array.isArray(value) && "publicEntry" in value
      ? (value as { publicEntry: unknown }).publicEntry
      : value;
  const result = collectIssues(TrustedKeySchema, entry);
  if (!result.ok) invalidProfile("not a TrustedKey", result.issues);
  const problem = trustedKeyProblem(result.value);
  if (problem?.field === "publicKey") throw axiomError("ERR_SIGNATURE_INVALID", { message: problem.message });
  if (problem?.field === "keyid") {
    throw axiomError("ERR_SIGNATURE_INVALID", {
      message: problem.message,
      details: { keyid: result.value.keyid, derived: problem.derived },
    });
  }
  return result.value;
}

/** Where the sub-verbs print: the output mode, and the store's place for the text form. */
interface Out {
  mode: OutputMode;
  place: TrustPlace;
}

async function add(root: string, file: string, cwd: string, out: Out): Promise<void> {
  const key = await readKeyInput(file, cwd);
  const store = (await readTrustStore(root)) ?? EMPTY_STORE;
  const keys = [...store.keys.filter((k) => k.keyid !== key.keyid), key];
  await writeTrustStore(root, { ...store, keys });
  const doc = { added: key.keyid, keys: keys.length };
  printResult(out.mode, doc, () => renderTrustAdd(doc, out.place, makeStyle(out.mode.colour)));
}

async function remove(root: string, keyid: string, out: Out): Promise<void> {
  const store = await readTrustStore(root);
  if (store === null) throw axiomError("ERR_NOT_FOUND", { message: "no trust store under root", details: { keyid } });
  if (!store.keys.some((k) => k.keyid === keyid)) {
    throw axiomError("ERR_NOT_FOUND", { message: "keyid is not in the trust store", details: { keyid } });
  }
  const keys = store.keys.filter((k) => k.keyid !== keyid);
  await writeTrustStore(root, { ...store, keys });
  const doc = { removed: keyid, keys: keys.length };
  printResult(out.mode, doc, () => renderTrustRemove(doc, out.place, makeStyle(out.mode.colour)));
}

async function rootIdVerb(root: string, id: string | undefined, clear: boolean, out: Out): Promise<void> {
  const style = makeStyle(out.mode.colour);
  if (id === undefined && !clear) {
    const store = await readTrustStore(root);
    const doc = { rootId: store?.rootId ?? null };
    printResult(out.mode, doc, () => renderRootId(doc, false, out.place, style));
    return;
  }
  const rootId = id === undefined ? undefined : checkRootId(id);
  const store = (await readTrustStore(root)) ?? EMPTY_STORE;
  const { rootId: _, ...rest } = store;
  const next: TrustStore = rootId === undefined ? rest : { ...rest, rootId };
  await writeTrustStore(root, next);
  const doc = { rootId: rootId ?? null, keys: next.keys.length };
  printResult(out.mode, doc, () => renderRootId(doc, true, out.place, style));
}

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  const [sub, arg] = args;
  const clear = booleanFlag(values, "clear");
  const arity: Record<string, [number, number]> = { add: [1, 1], remove: [1, 1], list: [0, 0], "root-id": [0, 1] };
  const range = sub === undefined ? undefined : arity[sub];
  if (range === undefined) throw new UsageError(`trust expects add, remove, list or root-id, got "${sub ?? ""}"`);
  const extra = args.length - 1;
  if (extra < range[0] || extra > range[1]) throw new UsageError(`trust ${sub}: wrong number of arguments`);
  if (clear && sub !== "root-id") throw new UsageError("--clear is only valid with trust root-id");
  if (clear && arg !== undefined) throw new UsageError("trust root-id takes <id> or --clear, not both");
  const rootFlag = stringFlag(values, "root");
  if (rootFlag === undefined) throw new UsageError("trust requires --root <dir>");
  const root = await resolveCliRoot(rootFlag, cwd);
  const out: Out = { mode: outputMode(values), place: { file: join(root, AXIOM_REL.trustKeys), rootArg: rootFlag } };
  if (sub === "add") return add(root, arg as string, cwd, out);
  if (sub === "remove") return remove(root, arg as string, out);
  if (sub === "list") {
    const store = (await readTrustStore(root)) ?? EMPTY_STORE;
    printResult(out.mode, store, () => renderTrustList(store, out.place, makeStyle(out.mode.colour)));
    return;
  }
  return rootIdVerb(root, arg, clear, out);
}
