// Chunk entry dist/mcp-lazy.js (mcp.md §1, §11.1): the SDK half of `axiom mcp` over stdio, imported by
// the stdio front once it has answered the opening (decisions SHIP-9).
export { type McpRunConfig, type McpStartup, prepareMcp, serveMcpStdio } from "../transports/stdio/sdk";
