export * from "./auth.js";
export * from "./annotations.js";
export * from "./audits.js";
export * from "./categories.js";
export * from "./chat.js";
export * from "./properties.js";
export * from "./users.js";
export * from "./traffic.js";
