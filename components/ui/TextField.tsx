import type { ChangeEvent, ReactNode } from "react";

type Props = {
  label: ReactNode;
  name: string;
  value: string;
  maxLength: number;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** A <textarea> instead of an <input>. */
  multiline?: boolean;
  rows?: number;
  /** Classes of the <label> around the field. */
  className?: string;
  /** Classes added to the field's own `field mt-1`. */
  fieldClassName?: string;
};

/** A labelled text input or textarea with the site's `field` style. */
export function TextField({ label, multiline, className = "text-sm", fieldClassName, ...field }: Props) {
  const fieldClass = fieldClassName ? `field mt-1 ${fieldClassName}` : "field mt-1";
  return (
    <label className={className}>
      {label}
      {multiline ? <textarea className={fieldClass} {...field} /> : <input className={fieldClass} {...field} />}
    </label>
  );
}
