export * from "./users.ts";
export * from "./media.ts";
export * from "./community.ts";
export * from "./jobs.ts";
export * from "./shared.ts";
export * from "./similar.ts";
export * from "./follows.ts";
