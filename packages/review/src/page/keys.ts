// Keyboard navigation: j/k or the arrows move between the rows (or files) of a view, Enter opens
// (links and <summary> are native), t/p/s switch views, [ and ] page the timeline, Escape goes
// back to the timeline, v toggles unified / side-by-side diffs. Keys typed into a field are left alone.
import { toggleDiffStyle } from "./change-view";

function items(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>("main [data-nav]")];
}

function move(delta: number): void {
  const all = items();
  if (all.length === 0) return;
  const at = all.indexOf(document.activeElement as HTMLElement);
  const next = all[at === -1 ? (delta > 0 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, at + delta))];
  next?.focus();
  next?.scrollIntoView({ block: "nearest" });
}

function follow(key: string): boolean {
  const link = document.querySelector<HTMLAnchorElement>(`a[data-key="${CSS.escape(key)}"]`);
  if (!link) return false;
  link.click();
  return true;
}

export function installKeys(): void {
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    let handled = true;
    if (e.key === "j" || e.key === "ArrowDown") move(1);
    else if (e.key === "k" || e.key === "ArrowUp") move(-1);
    else if (e.key === "v") toggleDiffStyle();
    else handled = follow(e.key);
    if (handled) e.preventDefault();
  });
}

/** After a view is drawn: focus the row that had focus before a live re-render, by index. */
export function restoreFocus(index: number): void {
  if (index < 0) return;
  const all = items();
  all[Math.min(index, all.length - 1)]?.focus();
}

export function focusedIndex(): number {
  return items().indexOf(document.activeElement as HTMLElement);
}
