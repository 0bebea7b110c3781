// The module graph of the current sources, read from esbuild's metafile (scripts/build.mjs with
// write: false), so stale chunks left in dist by earlier builds never count and minified output
// needs no parsing. Used by the budget and entry-laziness tests (cli.md §1.1, issue 12).
import { join } from "node:path";
import { REPO } from "./cli-run";

export interface MetaImport {
  path: string;
  kind: string;
  external?: boolean;
}
export interface MetaOutput {
  bytes: number;
  imports: MetaImport[];
  inputs: Record<string, { bytesInOutput: number }>;
  entryPoint?: string;
}
interface BuildModule {
  buildCli(opts: { write: false }): Promise<{ metafile: { outputs: Record<string, MetaOutput> } }>;
  EXTERNAL: string[];
}

export interface BuildGraph {
  outputs: Record<string, MetaOutput>;
  external: string[];
  /** Every output reachable from `entry` (static imports only, or static + dynamic), plus the externals met. */
  closure(entry: string, dynamic: boolean): { files: string[]; bytes: number; externals: Set<string> };
  /** The source files bundled into `files` (paths relative to packages/mcp, e.g. `../axm/src/parse.ts`). */
  inputsOf(files: readonly string[]): string[];
}

/**
 * The build output an external `./x` specifier names: a CommonJS entry leaves its siblings to run
 * time (runtime-siblings in scripts/build.mjs), so `./gate-shell.js` is dist/gate-shell.js.
 */
export function runtimeSibling(spec: string): string | undefined {
  return spec.startsWith("./") ? `dist/${spec.slice(2)}` : undefined;
}

export async function loadBuildGraph(): Promise<BuildGraph> {
  // A runtime path: the .mjs build script has no type declarations and is not part of tsc's program.
  const mod = (await import(join(REPO, "scripts/build.mjs"))) as BuildModule;
  const outputs = (await mod.buildCli({ write: false })).metafile.outputs;
  const output = (file: string): MetaOutput => {
    const out = outputs[file];
    if (!out) throw new Error(`no build output ${file}`);
    return out;
  };
  return {
    outputs,
    external: mod.EXTERNAL,
    closure(entry, dynamic) {
      const seen = new Set<string>();
      const externals = new Set<string>();
      const queue = [entry];
      while (queue.length > 0) {
        const file = queue.pop() as string;
        if (seen.has(file)) continue;
        seen.add(file);
        for (const imp of output(file).imports) {
          // followed like a bundled import of the same kind
          const sibling = imp.external ? runtimeSibling(imp.path) : undefined;
          const isStatic = imp.kind === "import-statement" || imp.kind === "require-call";
          if (sibling !== undefined) {
            if (isStatic || dynamic) queue.push(sibling);
          } else if (imp.external) {
            if (isStatic || dynamic) externals.add(imp.path);
          } else if (isStatic || (dynamic && imp.kind === "dynamic-import")) queue.push(imp.path);
        }
      }
      const files = [...seen];
      return { files, bytes: files.reduce((n, f) => n + output(f).bytes, 0), externals };
    },
    inputsOf: (files) => files.flatMap((f) => Object.keys(output(f).inputs)),
  };
}
