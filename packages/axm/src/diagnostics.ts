// Diagnostic shape and source positions (axm.md §7). Internally every stage works with UTF-16
// offsets into the CR LF-normalised source; `PositionIndex` turns them into 1-based line/column.
import type { ErrorCode } from "@codai/axiom-schema";

export interface Position {
  line: number;
  column: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface Diagnostic {
  severity: "error" | "warning";
  code: ErrorCode;
  message: string;
  range: Range;
}

/** A half-open offset span [start, end) in the normalised source. */
export interface Span {
  start: number;
  end: number;
}

/** A diagnostic before its span is turned into a line/column range. */
export interface SpanDiagnostic {
  code: ErrorCode;
  message: string;
  span: Span;
}

/** Thrown by the scanner and the parser: stage 1 stops at its first error (axm.md §1). */
export class StageOneError extends Error {
  constructor(
    readonly span: Span,
    message: string,
  ) {
    super(message);
  }
}

export const MAX_DIAGNOSTICS = 100;

/** Line starts of the source, so offset → position is a binary search (large files stay fast). */
export class PositionIndex {
  private readonly lineStarts: number[] = [0];

  constructor(source: string) {
    let at = source.indexOf("\n");
    while (at !== -1) {
      this.lineStarts.push(at + 1);
      at = source.indexOf("\n", at + 1);
    }
  }

  position(offset: number): Position {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.lineStarts[lo] as number) + 1 };
  }

  range(span: Span): Range {
    return { start: this.position(span.start), end: this.position(span.end) };
  }
}

export function toDiagnostic(index: PositionIndex, d: SpanDiagnostic): Diagnostic {
  return { severity: "error", code: d.code, message: d.message, range: index.range(d.span) };
}

/** Stable sort by start offset (= line, then column), then the cap of axm.md §7.4. */
export function orderAndCap(list: SpanDiagnostic[]): SpanDiagnostic[] {
  return [...list].sort((a, b) => a.span.start - b.span.start).slice(0, MAX_DIAGNOSTICS);
}

export function fallbackRange(): Range {
  return { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
}
