// Public surface of @codai/axiom-schema: anything exported here is public API.
export * from "./errors";
export * from "./order";
export * from "./relpath";
export * from "./common";
export * from "./wellformed";
export * from "./issues";
export * from "./plan";
export * from "./manifest";
