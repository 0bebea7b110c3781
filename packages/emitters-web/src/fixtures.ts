// Fixed params the golden files are rendered from (sources.md §4.7): one entry per template.
export const GOLDEN_FIXTURES: Record<string, Record<string, unknown>> = {
  "biome.config": {},
  "drizzle.table": {
    name: "user_accounts",
    columns: [
      { name: "email", type: "text", notNull: true },
      { name: "age", type: "integer" },
      { name: "is_admin", type: "boolean", notNull: true },
      { name: "created_at", type: "timestamp", notNull: true },
      { name: "external_id", type: "uuid" },
    ],
  },
  "hono.route": { name: "users", path: "/users/:id", methods: ["DELETE", "POST", "GET", "POST"] },
  "next.route-handler": {
    segment: "api/users/[userId]",
    methods: ["POST", "GET", "DELETE", "PUT"],
    zodSchemaName: "UserSchema",
  },
  "next.server-action": {
    name: "createUser",
    fields: [
      { name: "email", zod: "email" },
      { name: "displayName", zod: "string" },
      { name: "age", zod: "number" },
      { name: "newsletter", zod: "boolean" },
    ],
  },
  "readme.section": {
    title: "Getting started",
    body: "Install the package:  \r\n\r\n    npm install\r\nThen run it.\t\n",
  },
  "tailwind.globals": {},
};
