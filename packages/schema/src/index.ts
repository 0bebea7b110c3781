// Public surface of @codai/axiom-schema: anything exported here is public API.
export * from "./errors";
export * from "./order";
export * from "./relpath";
export * from "./common";
export * from "./wellformed";
export * from "./issues";
export * from "./plan";
export * from "./manifest";
export type * from "./emitter";
export * from "./apply-result";
export * from "./journal";
export * from "./check-report";
export * from "./profile";
export * from "./trust";
export * from "./json-schema";
export * from "./snapshot";
