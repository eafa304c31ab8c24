import { useState, type ReactNode } from "react";
import { isAnnotationColor, type AnnotationColor } from "../../../shared/annotation-colors";
import {
  chatDraftEdits,
  type ChatDraft,
  type ChatDraftEdits,
  type DraftField,
} from "../../../shared/contracts/chat";
import { DateInput } from "../../components/ui/date-input";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { ColorOptions } from "../../components/color-options";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { useCategories } from "../../session/categories";

/** A draft card's fields as the person is editing them; dates as typed. */
export interface DraftFieldValues {
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  color: AnnotationColor;
  /** The category chosen on the card: "" for none; undefined while left as the draft has it. */
  categoryId?: string;
}

export function draftFieldValues(draft: ChatDraft): DraftFieldValues {
  return {
    title: draft.title,
    description: draft.description,
    startDate: draft.startDate,
    endDate: draft.endDate ?? "",
    color: isAnnotationColor(draft.color) ? draft.color : "BLUE",
  };
}

/** Whether the person changed anything the draft proposed. */
export function draftEdited(draft: ChatDraft, values: DraftFieldValues): boolean {
  const proposed = draftFieldValues(draft);
  return (
    values.title !== proposed.title ||
    values.description !== proposed.description ||
    values.startDate !== proposed.startDate ||
    (values.endDate === values.startDate ? "" : values.endDate) !== proposed.endDate ||
    values.color !== proposed.color ||
    values.categoryId !== undefined
  );
}

export type DraftCheck =
  | { ok: true; edits: ChatDraftEdits }
  | { ok: false; errors: Partial<Record<keyof DraftFieldValues, string>> };

/** The card's fields read with the server's own contract, so a problem is shown before sending. */
export function checkDraft(values: DraftFieldValues): DraftCheck {
  const parsed = chatDraftEdits.safeParse({
    title: values.title,
    description: values.description,
    startDate: values.startDate.trim(),
    ...(values.endDate.trim() ? { endDate: values.endDate.trim() } : {}),
    color: values.color,
    ...(values.categoryId !== undefined ? { categoryId: values.categoryId || null } : {}),
  });
  if (parsed.success) return { ok: true, edits: parsed.data };
  const errors: Partial<Record<keyof DraftFieldValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof DraftFieldValues;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

const fieldClass = "gap-1";

/**
 * What the card says under a field the assistant's reading is unsure of, or that it filled in
 * because nothing was said (the day): the words it read, so a guess is seen where it is. Gone once
 * the person changes the field, which is then their own.
 */
export function sourceHint(
  draft: ChatDraft,
  field: DraftField,
  edited: boolean,
): ReactNode | undefined {
  const source = draft.sources?.[field];
  if (!source || edited) return undefined;
  if (source.sure && (source.words !== null || field !== "date")) return undefined;
  const read =
    source.words === null ? "no day was said, so it is today" : `read from “${source.words}”`;
  if (source.sure) return `${read.charAt(0).toUpperCase()}${read.slice(1)}.`;
  // The reason when the reading has one; the words it read the field from otherwise.
  return (
    <span className="font-medium text-amber-800 dark:text-amber-300">
      Check this: {source.doubt ?? read}.
    </span>
  );
}

interface FieldProps {
  values: DraftFieldValues;
  errors: Partial<Record<keyof DraftFieldValues, string>>;
  set: (patch: Partial<DraftFieldValues>) => void;
  disabled: boolean;
}

/** The first day, and the last one once the person adds it. */
function DraftDates({ values, errors, set, disabled, hint }: FieldProps & { hint: ReactNode }) {
  const [showEnd, setShowEnd] = useState(values.endDate !== "");
  return (
    <>
      <FormField
        label={showEnd ? "From" : "Date"}
        error={errors.startDate}
        hint={hint}
        className={fieldClass}
      >
        {(control) => (
          <DateInput
            {...control}
            value={values.startDate}
            disabled={disabled}
            calendarLabel="Choose the first day"
            onChange={(startDate) => set({ startDate })}
          />
        )}
      </FormField>
      {showEnd ? (
        <FormField label="To" error={errors.endDate} className={fieldClass}>
          {(control) => (
            <DateInput
              {...control}
              value={values.endDate}
              disabled={disabled}
              min={values.startDate}
              calendarLabel="Choose the last day"
              onChange={(endDate) => set({ endDate })}
            />
          )}
        </FormField>
      ) : (
        // Level with the date's box (below its label: one text-sm line and the field's gap), so
        // a note under the date does not push it down.
        <div className="flex items-start sm:pt-[calc(0.875rem+0.25rem)]">
          <button
            type="button"
            className="h-10 text-sm text-primary underline-offset-4 hover:underline disabled:opacity-55"
            disabled={disabled}
            onClick={() => setShowEnd(true)}
          >
            Add an end date
          </button>
        </div>
      )}
    </>
  );
}

function DraftCategory({
  draft,
  values,
  errors,
  set,
  disabled,
}: FieldProps & { draft: ChatDraft }) {
  const categories = useCategories({ enabled: true });
  return (
    <FormField
      label="Category"
      error={errors.categoryId}
      hint={sourceHint(draft, "category", values.categoryId !== undefined)}
      className={fieldClass}
    >
      {(control) => (
        <NativeSelect
          {...control}
          value={values.categoryId ?? draft.categoryId ?? ""}
          disabled={disabled || !categories.data}
          onChange={(event) => set({ categoryId: event.target.value })}
        >
          {/* Until the list arrives, the draft's own category is the one choice shown. */}
          {categories.data ? null : (
            <option value={draft.categoryId ?? ""}>{draft.category}</option>
          )}
          {categories.data ? <option value="">No category</option> : null}
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

/**
 * A draft's fields, editable where the card is: title, first and last day, colour, category (when
 * the draft has one) and description. What the card shows when Create or Save is pressed is what
 * is written.
 */
export function DraftFields({
  draft,
  values,
  errors,
  onChange,
  disabled,
}: {
  draft: ChatDraft;
  values: DraftFieldValues;
  errors: Partial<Record<keyof DraftFieldValues, string>>;
  onChange: (values: DraftFieldValues) => void;
  disabled: boolean;
}) {
  const set = (patch: Partial<DraftFieldValues>) => onChange({ ...values, ...patch });
  // The person's categories are asked for only when the draft is in one (a plan with them).
  const hasCategory = draft.category !== null;
  const proposed = draftFieldValues(draft);
  return (
    <div className="grid grid-cols-1 gap-2.5 sm:grid-cols-2">
      <FormField
        label="Title"
        error={errors.title}
        hint={sourceHint(draft, "title", values.title !== proposed.title)}
        className={`${fieldClass} sm:col-span-2`}
      >
        {(control) => (
          <Input
            {...control}
            value={values.title}
            disabled={disabled}
            onChange={(event) => set({ title: event.target.value })}
          />
        )}
      </FormField>
      <DraftDates
        values={values}
        errors={errors}
        set={set}
        disabled={disabled}
        hint={sourceHint(
          draft,
          "date",
          values.startDate !== proposed.startDate || values.endDate !== proposed.endDate,
        )}
      />
      <FormField
        label="Colour"
        error={errors.color}
        hint={sourceHint(draft, "color", values.color !== proposed.color)}
        className={fieldClass}
      >
        {(control) => (
          <NativeSelect
            {...control}
            value={values.color}
            disabled={disabled}
            onChange={(event) => set({ color: event.target.value as AnnotationColor })}
          >
            <ColorOptions />
          </NativeSelect>
        )}
      </FormField>
      {hasCategory ? (
        <DraftCategory
          draft={draft}
          values={values}
          errors={errors}
          set={set}
          disabled={disabled}
        />
      ) : null}
      <FormField
        label="Description"
        error={errors.description}
        hint={sourceHint(draft, "description", values.description !== proposed.description)}
        className={`${fieldClass} sm:col-span-2`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={values.description}
            disabled={disabled}
            onChange={(event) => set({ description: event.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}
