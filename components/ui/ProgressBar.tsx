/**
 * A drawn progress bar (not a <progress>: its bar keeps the browser's own colour in Chromium once
 * sized), for the upload and the processing of a video. Spans, so it fits inside text too. A gauge
 * that is no task's progress (an upload quota's share used) is a `meter` to assistive technology.
 */
export function ProgressBar(
  { label, value, track, fill, role = "progressbar" }: {
    label: string;
    value: number;
    track: string;
    fill: string;
    role?: "progressbar" | "meter";
  },
) {
  return (
    <span
      role={role}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={`block flex-1 overflow-hidden bg-neutral-800 ${track}`}
    >
      <span className={`block h-full transition-[width] ${fill}`} style={{ width: `${value}%` }} />
    </span>
  );
}
