// The exact commands the page shows instead of running them (issue 22: read-only), quoted for a
// POSIX shell so a root with spaces or quotes pastes as one argument.
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Undoes an applied change; also finishes or discards an interrupted journal (cli.md §7.10). */
export function rollbackCommand(root: string, digest: string): string {
  return `axiom rollback ${digest} --root ${shellQuote(root)}`;
}
