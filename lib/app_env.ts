import type { Config } from "./config.ts";
import type { Db } from "../db/client.ts";

export type CurrentUser = {
  id: number;
  username: string;
  email: string | null;
  isAdmin: boolean;
  createdAt: number;
};

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
