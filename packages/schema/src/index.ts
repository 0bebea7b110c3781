// Public surface of @codai/axiom-schema: anything exported here is public API.

export * from "./apply-result";
export * from "./check-report";
export * from "./common";
export type * from "./emitter";
export * from "./errors";
export * from "./issues";
export * from "./journal";
export * from "./json-schema";
export * from "./kinds";
export * from "./manifest";
export * from "./order";
export * from "./plan";
export * from "./profile";
export * from "./snapshot";
export * from "./trust";
export * from "./wellformed";
