// `biome.config`: a biome.json with the house style (2-space indent, width 100, double quotes, LF).
import type { TemplateDef } from "@codai/axiom-schema";
import { z } from "zod";

const params = z.strictObject({});

const CONFIG = {
  $schema: "https://biomejs.dev/schemas/2.0.0/schema.json",
  formatter: { enabled: true, indentStyle: "space", indentWidth: 2, lineWidth: 100, lineEnding: "lf" },
  javascript: { formatter: { quoteStyle: "double", semicolons: "always", trailingCommas: "all" } },
  linter: {
    enabled: true,
    rules: {
      recommended: true,
      correctness: { noUnusedImports: "error", noUnusedVariables: "error" },
      style: { useConst: "error", noNonNullAssertion: "error" },
      suspicious: { noExplicitAny: "error", noConsole: "warn" },
    },
  },
};

export const biomeConfig: TemplateDef<z.infer<typeof params>> = {
  description: "Biome configuration with 2-space indent, width 100, double quotes, LF and strict lint rules",
  params,
  render: () => `${JSON.stringify(CONFIG, null, 2)}\n`,
};
