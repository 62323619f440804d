import { randomBytes } from "node:crypto";

/** A time value plus a random string, as the spec's global shuffle seed. */
export function newShuffleSeed(): string {
  return `${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
}
