// `tailwind.globals`: a Tailwind CSS v4 global stylesheet — the import, a @theme block with colour
// and radius tokens, and a base layer using them.
import type { TemplateDef } from "@codai/axiom-schema";
import { z } from "zod";
import { lines } from "../common";

const params = z.strictObject({});

const CSS = [
  `@import "tailwindcss";`,
  "",
  "@theme {",
  "  --color-background: oklch(1 0 0);",
  "  --color-foreground: oklch(0.145 0 0);",
  "  --color-primary: oklch(0.205 0 0);",
  "  --color-primary-foreground: oklch(0.985 0 0);",
  "  --color-muted: oklch(0.97 0 0);",
  "  --color-muted-foreground: oklch(0.556 0 0);",
  "  --color-border: oklch(0.922 0 0);",
  "  --radius-sm: 0.25rem;",
  "  --radius-md: 0.5rem;",
  "  --radius-lg: 0.75rem;",
  "}",
  "",
  "@layer base {",
  "  *,",
  "  ::after,",
  "  ::before {",
  "    border-color: var(--color-border);",
  "  }",
  "",
  "  body {",
  "    background-color: var(--color-background);",
  "    color: var(--color-foreground);",
  "  }",
  "}",
];

export const tailwindGlobals: TemplateDef<z.infer<typeof params>> = {
  description: "Tailwind CSS v4 global stylesheet with base colour and radius tokens",
  params,
  render: () => lines(CSS),
};
