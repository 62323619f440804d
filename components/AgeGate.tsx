/**
 * The 18+ interstitial: a fixed overlay (it takes no room in the layout, so nothing shifts) with
 * a plain form, so it works without JavaScript. The page under it is `inert` (see Document) and not
 * rendered (styles.css).
 */
export function AgeGate({ next, siteName }: { next: string; siteName: string }) {
  return (
    <div
      id="age-gate"
      role="dialog"
      aria-modal="true"
      aria-labelledby="age-gate-title"
      aria-describedby="age-gate-text"
      className="fixed inset-0 z-[60] flex items-center justify-center overflow-y-auto overscroll-contain bg-neutral-950 p-4"
    >
      <div className="w-full max-w-md rounded-2xl border border-neutral-800 bg-neutral-900 p-6 text-center shadow-2xl sm:p-8">
        <img src="/static/favicon.svg" width={48} height={48} alt="" className="mx-auto mb-4" />
        <h2 id="age-gate-title" className="text-2xl font-bold text-neutral-50">Are you 18 or older?</h2>
        <p id="age-gate-text" className="mt-3 text-sm leading-relaxed text-neutral-300">
          {`${siteName} shares AI-generated videos and images for adults. You must be at least 18 years old to enter.`}
        </p>
        <form method="post" action="/age-gate" className="mt-6 flex flex-col gap-3">
          <input type="hidden" name="next" value={next} />
          <button type="submit" className="btn-primary w-full py-3 text-base">Yes, I am 18 or older</button>
          <a href="/access-denied" className="btn-secondary w-full py-3 text-base">No, I am under 18</a>
        </form>
        <p className="mt-5 text-xs leading-relaxed text-neutral-400">
          Entering means you accept our <a href="/terms-of-service" className="text-orange-400 underline">Terms of Service</a> and{" "}
          <a href="/privacy-policy" className="text-orange-400 underline">Privacy Policy</a>. A cookie remembers your answer for a year.
        </p>
      </div>
    </div>
  );
}
