// @codai/axiom-emitters-web: the optional template emitter `web` (sources.md §4.7). Not a
// dependency of AXIOM; loaded only with `--emitter @codai/axiom-emitters-web`. Every render is a
// pure function of strict, Zod-validated params (sources.md §4.4).
import type { TemplateEmitter } from "@codai/axiom-schema";
import { WEB_EMITTER_ID, WEB_EMITTER_VERSION } from "./common";
import { biomeConfig } from "./templates/biome-config";
import { drizzleTable } from "./templates/drizzle-table";
import { honoRoute } from "./templates/hono-route";
import { nextRouteHandler } from "./templates/next-route-handler";
import { nextServerAction } from "./templates/next-server-action";
import { readmeSection } from "./templates/readme-section";
import { tailwindGlobals } from "./templates/tailwind-globals";

export { WEB_EMITTER_ID, WEB_EMITTER_VERSION } from "./common";

export const webEmitter: TemplateEmitter = {
  id: WEB_EMITTER_ID,
  version: WEB_EMITTER_VERSION,
  templates: {
    "biome.config": biomeConfig,
    "drizzle.table": drizzleTable,
    "hono.route": honoRoute,
    "next.route-handler": nextRouteHandler,
    "next.server-action": nextServerAction,
    "readme.section": readmeSection,
    "tailwind.globals": tailwindGlobals,
  },
};

export const emitters: TemplateEmitter[] = [webEmitter];

export default webEmitter;
