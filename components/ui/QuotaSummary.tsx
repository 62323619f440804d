import { type Quota, quotaLine, quotaPercent, UNLIMITED } from "../../common/quota_rules.ts";
import { ProgressBar } from "./ProgressBar.tsx";

/**
 * A member's upload quota (issue 41 point 3): the upload dialog and My Videos show it. Nothing for
 * an account without one (admins, or both limits unlimited).
 */
export function QuotaSummary({ quota, className = "" }: { quota: Quota | null | undefined; className?: string }) {
  if (!quota || (quota.limit === UNLIMITED && quota.dailyLimit === UNLIMITED)) return null;
  const pct = quotaPercent(quota.used, quota.limit);
  return (
    <div className={`flex flex-col gap-1 text-xs text-neutral-300 ${className}`} data-testid="upload-quota">
      <div className="flex items-center gap-3">
        <span className="shrink-0">Upload quota: {quotaLine(quota.used, quota.limit)}</span>
        {quota.limit !== UNLIMITED && (
          <ProgressBar
            label="Upload quota used"
            role="meter"
            value={pct}
            track="h-1.5 min-w-16 rounded-full"
            fill={pct >= 90 ? "bg-red-500" : "bg-orange-500"}
          />
        )}
      </div>
      {quota.dailyLimit !== UNLIMITED && <span>Today (last 24 hours): {quotaLine(quota.dailyUsed, quota.dailyLimit)}</span>}
    </div>
  );
}
