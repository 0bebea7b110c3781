// Small pieces every text form shares: safe display of text that came from an agent or a file,
// counts with their noun, short refs, ages and sizes in human units, and command lines to copy.

/**
 * Text from a Plan, an intent or a file name may carry terminal control sequences (an agent wrote
 * it); printed raw, it could move the cursor, rewrite earlier lines or fake a prompt. Every C0/C1
 * control and the bidi overrides are shown as `\u{…}` instead.
 */
export function printable(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    return `\\u{${c.codePointAt(0)?.toString(16)}}`;
  });
}

/** `1 file`, `2 files`. */
export function count(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : pluralNoun}`;
}

/** The first 12 hex characters: what the dialog, PR branches and `axiom log` show. */
export function shortRef(digest: string): string {
  return (digest.startsWith("sha256:") ? digest.slice(7) : digest).slice(0, 12);
}

/** `just now`, `5 min ago`, `3 h ago`, `2 days ago`, else the date. */
export function age(at: string, now = Date.now()): string {
  const t = Date.parse(at);
  if (Number.isNaN(t)) return at;
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  if (s < 30 * 86_400) return `${count(Math.floor(s / 86_400), "day")} ago`;
  return at.slice(0, 10);
}

/** 512 B, 1.5 KiB, 3.2 MiB, 1.0 GiB. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

/** One argument of a command line a person copies into a POSIX shell (display only, never run); `#2` is quoted. */
export function shellArg(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}

/** Cuts to `max` columns with an ellipsis. */
export function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1))}…`;
}
