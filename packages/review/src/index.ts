// Public surface of @codai/axiom-review (private, bundled into the CLI): the local review page
// server of `axiom ui` and its discovery file. Anything exported here becomes public. The discovery
// file alone is also `@codai/axiom-review/discovery` (no server code: what the MCP server's confirm
// message needs to carry the review link).
export type { Discovery } from "./discovery";
export { DISCOVERY_NAME, discoveryFile, removeDiscovery, reviewLink, writeDiscovery } from "./discovery";
export { openBrowser, openerArgv } from "./open-browser";
export type { ReviewServer, ReviewServerOptions } from "./server/serve";
export { REVIEW_HOST, startReviewServer } from "./server/serve";
