import { isReservedUsername, USERNAME_RESERVED_MSG } from "../../common/auth_rules.ts";
import type { Config } from "../config.ts";
import { badRequest } from "../http_error.ts";

/** 400 for a name a member may not take (common/auth_rules.ts), the site's configured name included. */
export function refuseReservedName(config: Config, username: string) {
  if (isReservedUsername(username, config.siteName)) throw badRequest(USERNAME_RESERVED_MSG);
}
