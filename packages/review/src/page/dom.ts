// The page's only way to put text on screen: text nodes (never HTML), after bidi controls are made
// visible, so a file name, an intent or a finding message renders as the characters it holds.
// The one HTML string the page inserts is diff2html's output (diff-view.ts), which escapes its input.

type Child = Node | string | number | undefined | null | false;

/** Bidi embedding, override and isolate controls, and the marks: the "Trojan Source" characters. */
const BIDI_RE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Each bidi control as a visible `⟦U+202E⟧`, so it cannot reorder what a person reads. */
export function visible(text: string): string {
  return text.replace(BIDI_RE, (c) => `⟦U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}⟧`);
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(visible(String(c))) : c);
  }
  return el;
}

/** "3 min ago" from an ISO time (the exact time is the element's title). */
export function age(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}

export function badge(kind: string, text: string): HTMLElement {
  return h("span", { class: `badge badge-${kind}` }, text);
}
