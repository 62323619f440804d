/**
 * An admin changes a member's role or upload quotas (issue 41 points 3 and 4, decision 044), in one
 * write transaction with its audit entries (before and after). `is_admin` follows the role (the
 * triggers of migration 0031); the last admin cannot stop being one.
 */
import { type Db, writeTx } from "../../db/client.ts";
import { countAdmins } from "../../db/queries/account.ts";
import { findMemberAccount } from "../../db/queries/member_admin.ts";
import { setMemberRole, setQuotaOverrides } from "../../db/queries/quotas.ts";
import { BAN_MSG } from "../../common/ban_rules.ts";
import { ROLE_MSG } from "../../common/roles.ts";
import type { MemberPatch } from "../../common/schemas/admin_members.ts";
import { conflict, notFound } from "../http_error.ts";
import { recordAudit } from "./audit.ts";

export async function patchMember(db: Db, adminId: number, id: number, patch: MemberPatch, now: number) {
  return await writeTx(db, async (tx) => {
    const user = await findMemberAccount(tx, id);
    if (!user) throw notFound(BAN_MSG.userNotFound);
    const role = patch.role ?? user.role;
    if (role !== user.role) {
      if (user.role === "admin" && (await countAdmins(tx)) <= 1) throw conflict(ROLE_MSG.lastAdmin);
      await setMemberRole(tx, id, role);
      await recordAudit(tx, {
        actorId: adminId,
        action: "user.role",
        targetType: "user",
        targetId: id,
        details: { username: user.username, from: user.role, to: role },
      }, now);
    }
    const before = { uploadQuotaBytes: user.uploadQuotaBytes, dailyUploadQuotaBytes: user.dailyUploadQuotaBytes };
    const after = {
      uploadQuotaBytes: patch.uploadQuotaBytes === undefined ? before.uploadQuotaBytes : patch.uploadQuotaBytes,
      dailyUploadQuotaBytes: patch.dailyUploadQuotaBytes === undefined ? before.dailyUploadQuotaBytes : patch.dailyUploadQuotaBytes,
    };
    if (after.uploadQuotaBytes !== before.uploadQuotaBytes || after.dailyUploadQuotaBytes !== before.dailyUploadQuotaBytes) {
      await setQuotaOverrides(tx, id, after);
      await recordAudit(tx, {
        actorId: adminId,
        action: "user.quota",
        targetType: "user",
        targetId: id,
        details: { username: user.username, before, after },
      }, now);
    }
    return { id, username: user.username, role, isAdmin: role === "admin", ...after };
  });
}
