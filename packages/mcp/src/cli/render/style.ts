// Colour for the text forms (cli.md §9.2): SGR around whole words, only when the caller says the
// terminal may have it (stdout a TTY, NO_COLOR unset or empty). Deleting every `ESC[…m` from a
// coloured text gives exactly the plain text, so padding is always computed on plain words.

export interface Style {
  green(s: string): string;
  yellow(s: string): string;
  red(s: string): string;
  cyan(s: string): string;
  bold(s: string): string;
  dim(s: string): string;
}

const sgr = (code: string) => (s: string) => `\u001b[${code}m${s}\u001b[0m`;
const plain = (s: string) => s;

export function makeStyle(colour: boolean): Style {
  if (!colour) return { green: plain, yellow: plain, red: plain, cyan: plain, bold: plain, dim: plain };
  return { green: sgr("32"), yellow: sgr("33"), red: sgr("31"), cyan: sgr("36"), bold: sgr("1"), dim: sgr("2") };
}
