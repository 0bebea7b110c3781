// The text form of a CheckReport (cli.md §9.1): a header, then one line per finding in order.
import type { CheckReport } from "@codai/axiom-schema";

const SGR = { green: "\u001b[32m", yellow: "\u001b[33m", red: "\u001b[31m", reset: "\u001b[0m" };

export function formatCheckReport(report: CheckReport, opts: { colour?: boolean } = {}): string {
  const paint = (text: string, colour: keyof typeof SGR | undefined) =>
    opts.colour && colour ? `${SGR[colour]}${text}${SGR.reset}` : text;
  const verdict = report.verdict.toUpperCase();
  const lines = [
    `${paint(verdict, report.verdict === "pass" ? "green" : "red")} ${report.manifestDigest} (${report.profile}, ${report.durationMs} ms)`,
  ];
  for (const f of report.findings) {
    // Padding is computed on the plain text, so stripping colour gives the plain output.
    const pad = " ".repeat(Math.max(0, 5 - f.severity.length));
    const sev = paint(f.severity, f.severity === "error" ? "red" : f.severity === "warn" ? "yellow" : undefined);
    lines.push(`  ${sev}${pad} ${f.id}${f.path !== undefined ? ` ${f.path}` : ""}: ${f.message}`);
  }
  return `${lines.join("\n")}\n`;
}
