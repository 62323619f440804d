import type { Config } from "./config.ts";
import type { Db } from "../db/client.ts";
import type { MemberRow } from "../db/queries/users.ts";

/** The signed-in member of a request (`GET /api/user` answers it through lib/auth/session_user.ts). */
export type CurrentUser = MemberRow;

/** What every request carries through the middleware chain (set in app.ts). */
export type AppEnv = {
  Variables: {
    config: Config;
    db: Db;
    user: CurrentUser | null;
    sessionHash: string | null;
    nonce: string;
    /** The response may be stored by the page cache and served to other visitors (no nonce then). */
    shared: boolean;
    requestId: string;
  };
};
