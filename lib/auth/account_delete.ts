import { writeTx } from "../../db/client.ts";
import type { Db } from "../../db/client.ts";
import { countAdmins, deleteUserRows } from "../../db/queries/account.ts";
import { ACCOUNT_MSG } from "../../common/schemas/account.ts";
import type { CurrentUser } from "../app_env.ts";
import type { Config } from "../config.ts";
import { conflict } from "../http_error.ts";
import { contentChanged } from "../http/content_version.ts";
import { log } from "../log.ts";
import { removeKeys } from "../media/storage.ts";

/**
 * Deletes a member's account: every row in one transaction (sessions included, so every cookie
 * stops working at once), then the files their items owned, so no row ever points at a missing
 * file (bar 14). The last admin cannot leave: a site needs someone to moderate it.
 */
export async function deleteAccount(db: Db, config: Config, user: CurrentUser): Promise<void> {
  const keys = await writeTx(db, async (tx) => {
    if (user.isAdmin && (await countAdmins(tx)) <= 1) throw conflict(ACCOUNT_MSG.lastAdmin);
    return deleteUserRows(tx, user.id);
  });
  // Their items leave the public lists: the page cache and ranked orders must not keep them.
  await contentChanged(db);
  await removeKeys(config, keys);
  log.info("account deleted", { userId: user.id, files: keys.length });
}
