// `readme.section`: `## <title>`, a blank line, the body with CRLF → LF and trailing whitespace trimmed.
import type { TemplateDef } from "@codai/axiom-schema";
import { z } from "zod";
import { lines } from "../common";

const params = z.strictObject({
  title: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[^\r\n]*$/, "must be one line"),
  body: z.string().max(8000),
});

type Params = z.infer<typeof params>;

function normaliseBody(body: string): string {
  return body
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n")
    .replace(/^\n+|\n+$/g, "");
}

function render(p: Params): string {
  const body = normaliseBody(p.body);
  return lines(body === "" ? [`## ${p.title.trimEnd()}`] : [`## ${p.title.trimEnd()}`, "", body]);
}

export const readmeSection: TemplateDef<Params> = {
  description: "One Markdown section: a level-2 heading and a body",
  params,
  render,
};
