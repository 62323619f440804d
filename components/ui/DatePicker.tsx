import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { CalendarIcon } from "./icons.tsx";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

type Props = {
  id: string;
  /** ISO date (yyyy-mm-dd). */
  value: string;
  onChange: (iso: string) => void;
  firstYear: number;
  /** Days after this ISO date are disabled. */
  max: string;
  invalid?: boolean;
  /** When set, the date is also a form field: a hidden input, and a native date input without JavaScript. */
  name?: string;
};

const iso = (y: number, m: number, d: number) => `${y}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
/** The ISO date `days` after `date` (UTC, so no daylight-saving step). */
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A calendar dropdown with month and year selects; later days than `max` cannot be picked. It
 * behaves as a dialog (issue 27 point 2, docs/decisions/021): Escape, a click outside or focus
 * moving elsewhere closes it (Escape and a pick return focus to the field); the arrow keys move
 * by day and week across months, Enter or Space picks.
 */
export function DatePicker({ id, value, onChange, firstYear, max, invalid, name }: Props) {
  const [open, setOpen] = useState(false);
  const [year, month] = value.split("-").map(Number);
  const [view, setView] = useState({ year, month: month - 1 });
  /** The day that has the keyboard focus while open (one tab stop in the grid). */
  const [active, setActive] = useState(value);
  /** The same, at once: keys can come faster than renders. */
  const activeNow = useRef(value);
  const root = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLButtonElement>(null);
  /** Set by opening and by the arrows: the day the next render moves the focus to. */
  const focusDay = useRef<string | null>(null);
  const min = `${firstYear}-01-01`;

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) field.current?.focus();
  };
  const show = (date: string) => {
    focusDay.current = date;
    activeNow.current = date;
    setActive(date);
    setView({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) - 1 });
  };

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (e.target instanceof Node && !root.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [open]);

  // The active day takes the focus when the calendar opens and as the arrows move it (not when a select changes the month).
  // Keys can come faster than renders: the day is read from the ref, and kept until its button exists.
  useLayoutEffect(() => {
    const day = focusDay.current;
    const button = open && day ? root.current?.querySelector<HTMLButtonElement>(`button[data-date="${day}"]`) : null;
    if (!button) return;
    focusDay.current = null;
    button.focus();
  }, [open, active, view]);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    }
    const step = STEPS[e.key];
    if (step === undefined || !(e.target instanceof HTMLElement) || !e.target.dataset.date) return;
    e.preventDefault();
    const next = addDays(activeNow.current, step);
    if (next >= min && next <= max) show(next);
  }
  const maxYear = Number(max.slice(0, 4));
  const years = Array.from({ length: maxYear - firstYear + 1 }, (_, i) => maxYear - i);
  const firstWeekday = new Date(Date.UTC(view.year, view.month, 1)).getUTCDay();
  const days = new Date(Date.UTC(view.year, view.month + 1, 0)).getUTCDate();
  const activeShown = active.slice(0, 7) === iso(view.year, view.month, 1).slice(0, 7);
  const label = new Date(`${value}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
  const select = "rounded border border-neutral-700 bg-neutral-800 px-2 py-1 text-sm";

  return (
    <div className="relative" ref={root}>
      {name && <input type="hidden" name={name} value={value} />}
      {name && (
        // Without JavaScript the calendar cannot open: this native field, later in the form, is the one the server reads.
        <noscript>
          <input
            type="date"
            name={name}
            defaultValue={value}
            min={`${firstYear}-01-01`}
            max={max}
            aria-label="Date of birth"
            className="field mb-2"
          />
        </noscript>
      )}
      <button
        id={id}
        ref={field}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-invalid={invalid}
        onClick={() => {
          if (!open) show(value);
          setOpen(!open);
        }}
        className="field flex w-full items-center justify-between text-left"
      >
        <span>{label}</span>
        <CalendarIcon />
      </button>
      {open && (
        <div
          role="dialog"
          aria-label="Choose date of birth"
          onKeyDown={onKeyDown}
          className="absolute z-20 mt-1 w-72 rounded-lg border border-neutral-700 bg-neutral-900 p-3 shadow-xl"
        >
          <div className="mb-2 flex gap-2">
            <select
              aria-label="Month"
              className={select}
              value={view.month}
              onChange={(e) => setView({ ...view, month: Number(e.target.value) })}
            >
              {MONTHS.map((m, i) => <option key={m} value={i}>{m}</option>)}
            </select>
            <select
              aria-label="Year"
              className={select}
              value={view.year}
              onChange={(e) => setView({ ...view, year: Number(e.target.value) })}
            >
              {years.map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </div>
          <div className="grid grid-cols-7 gap-1 text-center text-xs text-neutral-400">
            {["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"].map((d) => <span key={d}>{d}</span>)}
            {Array.from({ length: firstWeekday }, (_, i) => <span key={`pad${i}`} />)}
            {Array.from({ length: days }, (_, i) => {
              const date = iso(view.year, view.month, i + 1);
              const disabled = date > max;
              const selected = date === value;
              return (
                <button
                  key={date}
                  type="button"
                  disabled={disabled}
                  aria-label={`${i + 1} ${MONTHS[view.month]} ${view.year}`}
                  aria-pressed={selected}
                  data-date={date}
                  tabIndex={date === active || (!activeShown && i === 0) ? 0 : -1}
                  onFocus={() => (activeNow.current = date)}
                  onClick={() => {
                    onChange(date);
                    close(true);
                  }}
                  className={`rounded py-1 text-sm ${
                    selected ? "bg-orange-500 text-black" : "text-neutral-100 hover:bg-neutral-700"
                  } disabled:cursor-not-allowed disabled:opacity-30`}
                >
                  {i + 1}
                </button>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
