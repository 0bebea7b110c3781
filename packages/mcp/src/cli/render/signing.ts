// Text forms of the signing verbs (issue 21): keygen, sign (key file and keyless). Each says what
// happened and the command to run next; the JSON documents are unchanged. Key material never
// appears here beyond the public entry keygen already prints.
import type { Style } from "./style";
import { count, printable, shellArg } from "./words";

export function renderKeygen(
  r: { publicEntry: { keyid: string; alg: string; publicKey: string; name?: string }; privateKeyFile: string },
  style: Style,
): string {
  const entry = JSON.stringify(r.publicEntry, null, 2).split("\n");
  const key = printable(r.privateKeyFile);
  return `${[
    `${style.green("KEY CREATED")} ${r.publicEntry.alg} ${r.publicEntry.keyid}${r.publicEntry.name === undefined ? "" : ` (${printable(r.publicEntry.name)})`}`,
    `  private key: ${key} (mode 0600: keep it secret, never commit it)`,
    "  public entry, what `axiom trust add` reads (save it as pub.json):",
    ...entry.map((l) => `    ${printable(l)}`),
    "next:",
    "  axiom trust add pub.json --root <repo>",
    `  axiom sign <bundle.json> --key-file ${shellArg(r.privateKeyFile)}`,
    style.dim("  (piped, keygen prints the whole document: `axiom keygen > pub.json` saves it directly)"),
  ].join("\n")}\n`;
}

interface SignedLike {
  manifestDigest: string;
  out: string;
  rootId?: string | undefined;
}

/** Where the signed bundle went, and how a repo that trusts the key checks it. */
function signedTail(r: SignedLike, outArg: string, style: Style): string[] {
  const lines: string[] = [];
  if (r.rootId !== undefined) lines.push(`  bound to root id ${printable(r.rootId)}`);
  lines.push(`  wrote ${printable(r.out)}`, "next:", `  axiom verify ${shellArg(outArg)} --root <repo>`);
  lines.push(style.dim("  (checks the signatures against the repo's trusted keys: axiom trust list --root <repo>)"));
  return lines;
}

export function renderSign(
  r: SignedLike & { keyid: string; signatures: number },
  outArg: string,
  style: Style,
): string {
  const head = `${style.green("SIGNED")} ${r.manifestDigest} with key ${r.keyid.slice(0, 16)} (${count(r.signatures, "key signature")} on the bundle)`;
  return `${[head, ...signedTail(r, outArg, style)].join("\n")}\n`;
}

export function renderKeylessSign(r: SignedLike & { keylessSignatures: number }, outArg: string, style: Style): string {
  const head = `${style.green("SIGNED")} ${r.manifestDigest} keyless (${count(r.keylessSignatures, "keyless signature")} on the bundle)`;
  return `${[head, ...signedTail(r, outArg, style)].join("\n")}\n`;
}

export function renderKeylessUnavailable(
  r: { message: string; details: { reason: string; name?: string } },
  style: Style,
): string {
  return `${[
    `${style.yellow("NOT SIGNED")}: ${printable(r.message)} (${printable(r.details.reason)})`,
    "  the bundle is unchanged; sign with a key file instead: axiom sign <bundle.json> --key-file <key>",
  ].join("\n")}\n`;
}
