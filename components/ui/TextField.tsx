import { type ChangeEvent, type ReactNode, useId } from "react";

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
};

/** A labelled text input or textarea with the site's `field` style. */
export function TextField({ label, multiline, className = "text-sm", fieldClassName, error, ...field }: Props) {
  const errorId = useId();
  const fieldClass = fieldClassName ? `field mt-1 ${fieldClassName}` : "field mt-1";
  const invalid = error ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <label className={className}>
      {label}
      {multiline ? <textarea className={fieldClass} {...field} {...invalid} /> : <input className={fieldClass} {...field} {...invalid} />}
      {error && <span id={errorId} role="alert" className="field-error block">{error}</span>}
    </label>
  );
}
