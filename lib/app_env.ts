import type { Config } from "./config.ts";
import type { Db } from "../db/client.ts";
import type { SessionUser } from "../common/api_types.ts";

/** The signed-in member of a request (what `GET /api/user` answers). */
export type CurrentUser = SessionUser;

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
