import { CalendarDays } from "lucide-react";
import { useRef, useState, type ComponentProps } from "react";
import { parseIsoDate, toIsoDate } from "../../../shared/calendar-date";
import { cn } from "../../lib/class-names";
import { Input } from "./input";

/** What a date field shows while empty: the one way the product writes a day. */
export const datePlaceholder = "YYYY-MM-DD";

/** Said under a date field whose text names no day. */
export const dateFormatMessage = "Write the date as YYYY-MM-DD, for example 2026-11-20.";

/**
 * A day typed in a near form ('2026/11/20', '2026.11.20', '20261120', '2026-1-5') as YYYY-MM-DD,
 * when it names a real day; anything else is returned as it was, for the field to flag.
 */
export function tidyDateText(text: string): string {
  const trimmed = text.trim();
  const match =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(trimmed) ??
    /^(\d{4})(\d{2})(\d{2})$/.exec(trimmed);
  if (!match) return trimmed;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const tidy = toIsoDate(day);
  return parseIsoDate(tidy) ? tidy : trimmed;
}

type DateInputProps = Omit<
  ComponentProps<"input">,
  "type" | "value" | "onChange" | "min" | "max"
> & {
  /** The text shown: a YYYY-MM-DD day, or what the person is typing. */
  value: string;
  onChange: (text: string) => void;
  /** The earliest and latest days the calendar offers (YYYY-MM-DD). */
  min?: string;
  max?: string;
  /** The calendar button's name, e.g. "Choose the start date from a calendar". */
  calendarLabel: string;
  /** The text field's own classes (its height); `className` places the whole field. */
  inputClassName?: string;
};

/**
 * A date field that reads and writes YYYY-MM-DD whatever the browser's language: a text field
 * (a day typed in a near form is tidied when the field is left) and a calendar button beside it.
 * A browser's own date field would show the day in its locale's order (mm/dd/yyyy in the US), so
 * the calendar is the browser's picker opened on a hidden date field, whose value is always
 * YYYY-MM-DD and is copied into the text field.
 */
export function DateInput({
  value,
  onChange,
  min,
  max,
  calendarLabel,
  className,
  inputClassName,
  onBlur,
  disabled,
  ...props
}: DateInputProps) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div className={cn("relative min-w-0", className)}>
      <Input
        {...props}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        placeholder={datePlaceholder}
        maxLength={10}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => {
          const tidy = tidyDateText(event.target.value);
          if (tidy !== event.target.value) onChange(tidy);
          onBlur?.(event);
        }}
        // Room for the calendar button, whatever padding the field is given.
        className={cn("tabular-nums", inputClassName, "pr-8")}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        value={parseIsoDate(value) ? value : ""}
        min={min}
        max={max}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value);
        }}
        // Under the button, so the browser opens its calendar there; never seen or reached.
        className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
      />
      <button
        type="button"
        aria-label={calendarLabel}
        title={calendarLabel}
        disabled={disabled}
        onClick={() => {
          const field = picker.current;
          if (!field) return;
          try {
            field.showPicker();
          } catch {
            // A browser without showPicker (or refusing it here) still gets its field focused.
            field.focus();
          }
        }}
        className="absolute inset-y-0 right-0 flex w-8 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40 disabled:opacity-55"
      >
        <CalendarDays className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * A date field for a value that only changes when a whole day (or nothing) is typed, as a filter
 * is: what is being typed stays in the field, the day is passed on once it is one, and an empty
 * field clears it. A new value from outside (Clear filters) replaces what is shown.
 */
export function CommittedDateInput({
  value,
  onCommit,
  ...props
}: Omit<DateInputProps, "value" | "onChange" | "aria-invalid"> & {
  /** The day in force (YYYY-MM-DD), or "" for none. */
  value: string;
  onCommit: (day: string) => void;
}) {
  const [draft, setDraft] = useState({ text: value, shownFor: value });
  // A value changed from outside replaces the draft (state that follows a prop, set in render).
  if (draft.shownFor !== value && draft.text !== value) setDraft({ text: value, shownFor: value });
  const invalid = draft.text !== "" && parseIsoDate(draft.text) === null;
  return (
    <DateInput
      {...props}
      value={draft.text}
      aria-invalid={invalid ? true : undefined}
      onChange={(text) => {
        const committed = text === "" || parseIsoDate(text) !== null;
        setDraft({ text, shownFor: committed ? text : value });
        if (committed && text !== value) onCommit(text);
      }}
    />
  );
}
