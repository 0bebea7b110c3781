// The bash parser of the gate's shell judgement (decisions SEC-2): tree-sitter-bash run by
// web-tree-sitter, both WebAssembly, loaded only for shell-class payloads (this module is reached
// by a dynamic import from gate/evaluate.ts, so Write/Edit payloads never read a .wasm file).
// Nothing is fetched: the two .wasm files ship in dist/wasm/ (scripts/build.mjs copies them) and
// from source they are read from node_modules.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";
import { Language, Parser } from "web-tree-sitter";

/** A plain copy of one tree-sitter node: the analysis never calls back into the wasm heap. */
export interface SyntaxNode {
  type: string;
  named: boolean;
  /** The field this node fills in its parent (`name`, `argument`, `redirect`, …). */
  field: string | null;
  text: string;
  children: SyntaxNode[];
  /** An ERROR node, or a MISSING token inserted by error recovery. */
  broken: boolean;
}

export const WASM_FILES = { runtime: "web-tree-sitter.wasm", bash: "tree-sitter-bash.wasm" } as const;

/**
 * The .wasm bytes: next to the built chunk (dist/wasm/, dist/chunks/../wasm/), else from the
 * installed packages (running from source). Missing → throws, and the gate fails closed.
 */
function wasmBytes(name: string, pkgPath: string): Uint8Array {
  for (const rel of [`./wasm/${name}`, `../wasm/${name}`]) {
    try {
      return readFileSync(new URL(rel, import.meta.url));
    } catch {
      // next candidate
    }
  }
  return readFileSync(createRequire(import.meta.url).resolve(pkgPath));
}

let loading: Promise<Parser> | undefined;
let parser: Parser | undefined;

async function load(): Promise<Parser> {
  // Liftoff only: V8 would otherwise compile both modules again with TurboFan on background
  // threads, and Node waits for those jobs before the process can exit (measured: ≈ 600 ms on
  // every gate call). The gate parses a few hundred bytes, for which baseline code is ample.
  setFlagsFromString("--liftoff-only");
  await Parser.init({ wasmBinary: wasmBytes(WASM_FILES.runtime, "web-tree-sitter/web-tree-sitter.wasm") });
  const bash = await Language.load(wasmBytes(WASM_FILES.bash, "tree-sitter-bash/tree-sitter-bash.wasm"));
  const p = new Parser();
  p.setLanguage(bash);
  return p;
}

/** Loads the parser once per process (both .wasm files); parseBash needs it loaded. */
export async function loadBashParser(): Promise<void> {
  loading ??= load();
  parser = await loading;
}

/** Parses a command line into plain nodes (the wasm tree is freed before returning). */
export function parseBash(source: string): SyntaxNode {
  if (parser === undefined) throw new Error("the shell parser is not loaded");
  const tree = parser.parse(source);
  if (tree === null) throw new Error("the shell parser returned no tree");
  try {
    const cursor = tree.walk();
    const build = (): SyntaxNode => {
      const n = cursor.currentNode;
      const node: SyntaxNode = {
        type: n.type,
        named: n.isNamed,
        field: cursor.currentFieldName,
        text: source.slice(n.startIndex, n.endIndex),
        children: [],
        broken: n.isError || n.isMissing,
      };
      if (cursor.gotoFirstChild()) {
        do node.children.push(build());
        while (cursor.gotoNextSibling());
        cursor.gotoParent();
      }
      return node;
    };
    const root = build();
    cursor.delete();
    return root;
  } finally {
    tree.delete();
  }
}
