// Bash ANSI-C quoting (`$'…'`, decisions SEC-3): `$'.e\x6ev'` is `.env`, so the judgement decodes
// the escapes (\n, \xHH, \uHHHH, \NNN octal, \cX, …) before a word is compared with the deny list.

const ANSI_SIMPLE: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** The value of a `$'…'` string (bash ANSI-C quoting). */
export function decodeAnsiC(body: string): string {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== "\\" || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const n = body[++i] as string;
    if (n in ANSI_SIMPLE) out += ANSI_SIMPLE[n];
    else if (n === "x") {
      const m = /^[0-9a-fA-F]{1,2}/.exec(body.slice(i + 1));
      if (m) {
        out += String.fromCharCode(Number.parseInt(m[0], 16));
        i += m[0].length;
      } else out += "\\x";
    } else if (n === "u" || n === "U") {
      const m = (n === "u" ? /^[0-9a-fA-F]{1,4}/ : /^[0-9a-fA-F]{1,8}/).exec(body.slice(i + 1));
      if (m) {
        out += String.fromCodePoint(Number.parseInt(m[0], 16));
        i += m[0].length;
      } else out += `\\${n}`;
    } else if (/[0-7]/.test(n)) {
      const m = /^[0-7]{1,3}/.exec(body.slice(i)) as RegExpExecArray;
      out += String.fromCharCode(Number.parseInt(m[0], 8) & 0xff);
      i += m[0].length - 1;
    } else if (n === "c" && i + 1 < body.length) {
      out += String.fromCharCode((body.charCodeAt(++i) as number) & 0x1f);
    } else out += `\\${n}`;
  }
  return out;
}
