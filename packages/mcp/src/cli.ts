// The bin entry (cli.md §1.1): no static import. It answers --version from a string inlined at
// build time and otherwise loads exactly one chunk.
declare const __AXIOM_VERSION__: string;

const first = process.argv[2];
if (first === "--version" || first === "-v") {
  process.stdout.write(`${__AXIOM_VERSION__}\n`);
} else {
  const { main } = await import("./cli-main");
  await main(process.argv.slice(2));
}

export {};
