/** The one spinner: a ring in the current text colour (decorative; the caller says what is loading). */
export function Spinner({ size = 16, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className ? `animate-spin ${className}` : "animate-spin"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      data-testid="spinner"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** A list or a panel still loading: a large spinner, centred, announced as "Loading". */
export function LoadingBlock({ className = "py-16" }: { className?: string }) {
  return (
    <div role="status" aria-label="Loading" className={`flex justify-center text-orange-500 ${className}`}>
      <Spinner size={32} />
    </div>
  );
}
