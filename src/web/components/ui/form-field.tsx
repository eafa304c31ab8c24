import { useId, type ReactNode } from "react";
import { cn } from "../../lib/class-names";
import { Label } from "./label";

/** What ties a control to its label and to its problem; spread it onto the control. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A labelled field: the label, the control, and below it the problem with its value, if any,
 * which assistive technology reads with the control.
 */
export function FormField({
  label,
  error,
  className,
  children,
}: {
  label: ReactNode;
  error?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = useId();
  const invalid = Boolean(error);
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": invalid || undefined,
        "aria-describedby": invalid ? errorId : undefined,
      })}
      {invalid ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
