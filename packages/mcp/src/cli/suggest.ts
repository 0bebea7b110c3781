// "Did you mean …?" for a mistyped verb, flag or value: the known names closest to what was typed,
// by edit distance (insert, delete, substitute, swap two neighbours), and only close ones, so a
// suggestion is a likely typo and never a guess among unrelated names.

/** Optimal-string-alignment distance: Levenshtein plus the transposition of two adjacent characters. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[i - 1]?.[j] ?? 0) + 1, (d[i]?.[j - 1] ?? 0) + 1, (d[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (d[i - 2]?.[j - 2] ?? 0) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return d[a.length]?.[b.length] ?? 0;
}

/** How many edits still count as a typo of a name this long: 1 up to 4 characters, 2 up to 8, then 3. */
function tolerance(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/**
 * The known names within typo distance of `typed`, closest first (at most 3); a name that `typed`
 * is a prefix of (3 characters or more) counts as distance 1. Case is ignored.
 */
export function closeMatches(typed: string, known: Iterable<string>): string[] {
  const t = typed.toLowerCase();
  const scored: { name: string; d: number }[] = [];
  for (const name of known) {
    const n = name.toLowerCase();
    const d = t.length >= 3 && n.startsWith(t) ? 1 : editDistance(t, n);
    if (d <= tolerance(Math.max(t.length, n.length)) && d < Math.max(t.length, n.length)) scored.push({ name, d });
  }
  scored.sort((x, y) => x.d - y.d || x.name.localeCompare(y.name));
  const best = scored[0]?.d;
  return scored
    .filter((s) => s.d === best)
    .slice(0, 3)
    .map((s) => s.name);
}

/** ` — did you mean X?` / ` — did you mean X or Y?`, or "" when nothing is close. */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return "";
  const last = suggestions[suggestions.length - 1] as string;
  const list = suggestions.length === 1 ? last : `${suggestions.slice(0, -1).join(", ")} or ${last}`;
  return `; did you mean ${list}?`;
}
