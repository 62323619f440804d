import { type ChangeEvent, type ReactNode, useState } from "react";

type Props = {
  label: ReactNode;
  name: string;
  value: string;
  maxLength: number;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** A <textarea> instead of an <input>. */
  multiline?: boolean;
  rows?: number;
  /** The input's type (text by default). */
  type?: "text" | "email" | "password";
  autoComplete?: string;
  /** A rule the value breaks: shown under the field, which is marked invalid and described by it. */
  error?: string;
  /** Classes of the <label> around the field. */
  className?: string;
  /** Classes added to the field's own `field mt-1`. */
  fieldClassName?: string;
  /** The id of a help text outside the label that describes the field (not part of its name). */
  describedBy?: string;
};

let lastErrorId = 0;

/** A labelled text input or textarea with the site's `field` style. */
export function TextField({ label, multiline, className = "text-sm", fieldClassName, error, describedBy, ...field }: Props) {
  // Not useId: the islands hydrate with preact/compat, whose ids restart at "P0-0" in every island
  // (two islands on a page would share one). Errors only show after input in the browser, so the
  // id is never in the server's HTML and needs no match there.
  const [errorId] = useState(() => `field-error-${++lastErrorId}`);
  const fieldClass = fieldClassName ? `field mt-1 ${fieldClassName}` : "field mt-1";
  const described = [describedBy, error ? errorId : null].filter(Boolean).join(" ");
  const invalid = { ...(error ? { "aria-invalid": true } : {}), ...(described ? { "aria-describedby": described } : {}) };
  return (
    <label className={className}>
      {label}
      {multiline ? <textarea className={fieldClass} {...field} {...invalid} /> : <input className={fieldClass} {...field} {...invalid} />}
      {error && <span id={errorId} role="alert" className="field-error block">{error}</span>}
    </label>
  );
}

/**
 * The props that tie a TextField to one key of a form's values and errors:
 * `<TextField label="Email" {...bindField(values, setValues, errors, "email")} ... />`.
 */
export function bindField<V extends Record<string, string>>(
  values: V,
  setValues: (next: V) => void,
  errors: Partial<Record<string, string>>,
  name: keyof V & string,
) {
  return {
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues({ ...values, [name]: e.target.value }),
  };
}
