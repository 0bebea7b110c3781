// Chunk entry dist/http-lazy.js (mcp.md §11): imported by the `mcp` verb only with --http, so the stdio
// path never loads node:http or the Streamable HTTP transport.
export { type McpHttpConfig, runMcpHttp } from "../transports/http/run";
