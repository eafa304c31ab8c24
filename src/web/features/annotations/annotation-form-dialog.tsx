import { useId, useState, type ReactNode } from "react";
import {
  annotationDescription,
  annotationTitle,
  type Annotation,
  type CreateAnnotationRequest,
  type UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations";
import { isAnnotationColor } from "../../../shared/annotation-colors";
import { readOnlyChoiceNote, readOnlyPropertyReason } from "../../../shared/property-access";
import type { Category } from "../../../shared/contracts/categories";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { ColorSwatchField } from "../../components/color-swatch";
import { CategorySelect } from "./category-select";
import { titleHintOf, titleWithCategory, useAnnotationCategory } from "./use-annotation-category";
import {
  AnnotationDateFields,
  changedTarget,
  dateFieldsOf,
  dateFieldsProblem,
  targetOfDateFields,
  type DateFieldValues,
} from "./annotation-date-fields";
import { todayIsoFor } from "./annotation-format";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useReadOnlyPropertyIds } from "../../session/read-only-properties";
import { useSavedProperties } from "../../session/saved-properties";
import {
  describeOutcomes,
  outcomesTitle,
  type AnnotationCopy,
  type PropertyOutcome,
} from "../../../shared/contracts/annotation-sets";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import {
  anyDone,
  useAnnotationCopies,
  useCreateOnProperties,
  useUpdateWithCopies,
} from "./annotation-sets-api";
import { AnnotationImpactSummary } from "./annotation-impact";

/** The shared contract's first complaint about one field, so the form says what the server would. */
function problemOf(field: typeof annotationTitle | typeof annotationDescription, value: string) {
  const result = field.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

const noCategories: Category[] = [];

export { futureDateHint } from "./annotation-date-fields";

const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm";

interface FormValues {
  title: string;
  description: string;
  dates: DateFieldValues;
  color: string;
}

/**
 * What a new annotation starts from: a day picked on the chart with a draft title, or an inbox
 * suggestion being edited before it is accepted.
 */
export interface AnnotationDraft {
  title?: string;
  /** YYYY-MM-DD */
  date?: string;
  /** YYYY-MM-DD, for a range from `date`. */
  endDate?: string;
  description?: string;
  color?: string;
  categoryId?: string | null;
}

function initialValues(
  annotation: Annotation | undefined,
  draft: AnnotationDraft | undefined,
  today: string,
): FormValues {
  if (!annotation) {
    const start = draft?.date ?? today;
    return {
      title: draft?.title ?? "",
      description: draft?.description ?? "",
      dates: draft?.endDate
        ? { kind: "range", start, end: draft.endDate }
        : dateFieldsOf(undefined, start),
      color: draft?.color && isAnnotationColor(draft.color) ? draft.color : "",
    };
  }
  // An edit may start from a draft too (Edit on the assistant's preview of a change).
  const dates = dateFieldsOf(annotation, today);
  const start = draft?.date;
  return {
    title: draft?.title ?? annotation.title,
    description: draft?.description ?? annotation.description,
    dates: start
      ? draft.endDate
        ? { kind: "range", start, end: draft.endDate }
        : dateFieldsOf(undefined, start)
      : dates,
    color: isAnnotationColor(draft?.color ?? annotation.color)
      ? (draft?.color ?? annotation.color)
      : "",
  };
}

/** Description only if non-blank; colour only if chosen; the dates as numbers. */
export function createRequestOf(values: FormValues): CreateAnnotationRequest | null {
  const target = targetOfDateFields(values.dates);
  const title = values.title.trim();
  if (!title || !target) return null;
  const request: CreateAnnotationRequest = { title, ...target };
  if (values.description.trim()) request.description = values.description.trim();
  if (isAnnotationColor(values.color)) request.color = values.color;
  return request;
}

/** Only the fields that changed. */
export function updateRequestOf(
  values: FormValues,
  original: Annotation,
): UpdateAnnotationRequest | null {
  const title = values.title.trim();
  if (!title || !targetOfDateFields(values.dates)) return null;
  const changes: UpdateAnnotationRequest = {};
  if (title !== original.title) changes.title = title;
  if (values.description.trim() !== original.description.trim())
    changes.description = values.description.trim();
  Object.assign(changes, changedTarget(values.dates, original));
  if (isAnnotationColor(values.color) && values.color !== original.color)
    changes.color = values.color;
  return changes;
}

type FormDialogProps =
  | {
      mode: "create";
      annotation?: undefined;
      draft?: AnnotationDraft;
      onCreate: (request: CreateAnnotationRequest) => void;
      /** Our id for this create, sent with a multi-property create too (a retry never duplicates). */
      requestId?: string;
    }
  | {
      mode: "edit";
      annotation: Annotation;
      /** The fields to start from instead of the annotation's own (the assistant's preview). */
      draft?: AnnotationDraft;
      onUpdate: (changes: UpdateAnnotationRequest) => void;
      /** The annotation's history, shown below the fields. */
      history?: ReactNode;
      /**
       * The property whose traffic its impact is measured on: the impact is shown between the
       * fields and the history (a chart marker opens this dialog on Premium).
       */
      impactOf?: string;
    };

type AnnotationFormDialogProps = FormDialogProps & {
  /** The person's categories to choose from; none hides the Category field. */
  categories?: readonly Category[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** The property's time zone: its today is the latest day the picker allows. */
  timeZone?: string | null;
  /**
   * The property the dialog works on. Given, a create may target several saved properties and
   * an edit offers to change the annotation's copies too (decision 0058).
   */
  propertyId?: string;
};

/** What the dialog offers for a property's set of copies, read from the server. */
interface SetChoices {
  propertyChoices: readonly SavedPropertyView[];
  /** Properties the person's Google role lets them view only: shown, marked, never chosen. */
  readOnly: ReadonlySet<string>;
  copyList: readonly AnnotationCopy[];
  createOnMany: ReturnType<typeof useCreateOnProperties>;
  updateMany: ReturnType<typeof useUpdateWithCopies>;
}

const noProperties: SavedPropertyView[] = [];
const noCopies: AnnotationCopy[] = [];
const noReadOnly: ReadonlySet<string> = new Set();

function AnnotationFormWithSets(props: AnnotationFormDialogProps & { propertyId: string }) {
  const { propertyId } = props;
  const createOnMany = useCreateOnProperties();
  const updateMany = useUpdateWithCopies(propertyId);
  // The person's saved properties to add it to: none on a plan that holds one (Free's is locked).
  const saved = useSavedProperties();
  const savedList = saved.data ?? noProperties;
  // The current property first, then the others as the picker lists them.
  const propertyChoices =
    props.mode === "create" && savedList.length > 1 && !savedList.some((p) => p.locked)
      ? [
          ...savedList.filter((p) => p.propertyId === propertyId),
          ...savedList.filter((p) => p.propertyId !== propertyId),
        ]
      : noProperties;
  const readOnly = useReadOnlyPropertyIds();
  const copies = useAnnotationCopies(
    props.mode === "edit" ? propertyId : "",
    props.annotation?.annotationId ?? "",
  );
  return (
    <AnnotationFormBody
      {...props}
      sets={{
        propertyChoices,
        readOnly,
        copyList: copies.data ?? noCopies,
        createOnMany,
        updateMany,
      }}
    />
  );
}

/**
 * The create and edit dialogs. Mount it with a `key`
 * per opening so each opening starts from fresh values.
 */
export function AnnotationFormDialog(props: AnnotationFormDialogProps) {
  return props.propertyId ? (
    <AnnotationFormWithSets {...props} propertyId={props.propertyId} />
  ) : (
    <AnnotationFormBody {...props} />
  );
}

function AnnotationFormBody(props: AnnotationFormDialogProps & { sets?: SetChoices }) {
  const { mode, annotation, open, onOpenChange, propertyId = "", sets } = props;
  const createOnMany = sets?.createOnMany;
  const updateMany = sets?.updateMany;
  const pending =
    props.pending || createOnMany?.isPending === true || updateMany?.isPending === true;
  const propertyChoices = sets?.propertyChoices ?? noProperties;
  const readOnly = sets?.readOnly ?? noReadOnly;
  const copyList = sets?.copyList ?? noCopies;
  const [targets, setTargets] = useState<readonly string[]>(() => [propertyId]);
  const readOnlyNoteId = useId();
  const [alsoCopies, setAlsoCopies] = useState(true);
  const today = todayIsoFor(props.timeZone ?? null);
  const [values, setValues] = useState(() => initialValues(annotation, props.draft, today));
  const category = useAnnotationCategory({
    categories: props.categories ?? noCategories,
    initialCategoryId:
      (props.draft?.categoryId !== undefined ? props.draft.categoryId : annotation?.categoryId) ??
      null,
  });
  // A chosen category decides the colour.
  const color = category.lockedColor ?? values.color;
  const [titleTouched, setTitleTouched] = useState(false);
  const isCreate = mode === "create";
  const titleHint = titleHintOf(category.selected);
  const titleMissing = values.title.trim() === "";
  // Text already in Google (made elsewhere) is only checked once it is changed here.
  const titleProblem =
    titleMissing || values.title === annotation?.title
      ? null
      : problemOf(annotationTitle, values.title);
  const descriptionProblem =
    values.description === annotation?.description
      ? null
      : problemOf(annotationDescription, values.description);
  const textInvalid = titleProblem !== null || descriptionProblem !== null;
  const dateInvalid = dateFieldsProblem(values.dates, { isCreate, today }) !== null;
  // A property the person may only view is never a target, even the one the dialog opened on.
  const chosenTargets = targets.filter((id) => !readOnly.has(id));
  const noTarget = propertyChoices.length > 0 && chosenTargets.length === 0;
  const anyReadOnly = propertyChoices.some((property) => readOnly.has(property.propertyId));

  /** The toast naming each property's outcome; the dialog closes once any write landed. */
  function reportOutcomes(outcomes: readonly PropertyOutcome[], verb: string, title: string) {
    const landed = anyDone(outcomes);
    toast({
      ...(landed ? {} : { variant: "destructive" as const }),
      title: outcomesTitle(outcomes, verb, title),
      description: describeOutcomes(outcomes, verb),
    });
    if (landed) onOpenChange(false);
  }

  function reportFailure(title: string, error: unknown) {
    toast({
      variant: "destructive",
      title,
      description:
        serverErrorMessage(error) ?? "Google Analytics did not answer. Please try again.",
    });
  }

  function handleSubmit() {
    setTitleTouched(true);
    if (titleMissing || textInvalid || dateInvalid || noTarget || pending) return;
    // A title typed after the category was chosen gets its prefix too (a new annotation only).
    const title = isCreate ? titleWithCategory(values.title, category.selected) : values.title;
    const chosen = { ...values, title, color };
    if (props.mode === "create") {
      const request = createRequestOf(chosen);
      if (!request) return;
      const full = { ...request, ...category.createField() };
      // The current property first, then the others in the order they are listed.
      const propertyIds = [
        propertyId,
        ...propertyChoices.map((property) => property.propertyId),
      ].filter((id, index, all) => chosenTargets.includes(id) && all.indexOf(id) === index);
      if (
        !createOnMany ||
        propertyChoices.length === 0 ||
        (propertyIds.length === 1 && propertyIds[0] === propertyId)
      )
        props.onCreate(full);
      else
        createOnMany.mutate(
          { propertyIds, annotation: { ...full, requestId: props.requestId } },
          {
            onSuccess: ({ outcomes }) => reportOutcomes(outcomes, "Added to", "Annotation created"),
            onError: (error) => reportFailure("Error creating annotation", error),
          },
        );
    } else {
      const fields = updateRequestOf(chosen, props.annotation);
      if (!fields) return;
      const changes = { ...fields, ...category.updateField(props.annotation.categoryId) };
      if (Object.keys(changes).length === 0) onOpenChange(false);
      else if (updateMany && copyList.length > 0 && alsoCopies)
        updateMany.mutate(
          { annotationId: props.annotation.annotationId, changes },
          {
            onSuccess: ({ outcomes }) =>
              reportOutcomes(outcomes, "Changed in", "Annotation updated"),
            onError: (error) => reportFailure("Error updating annotation", error),
          },
        );
      else props.onUpdate(changes);
    }
  }

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((previous) => ({ ...previous, [key]: value }));
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isCreate ? "Create New Annotation" : "Edit Annotation"}
      description={
        isCreate
          ? "Add a new annotation to your GA4 property to mark important events."
          : "Update the annotation details below."
      }
      submitLabel={isCreate ? "Create Annotation" : "Update Annotation"}
      submitDisabled={titleMissing || textInvalid || dateInvalid || noTarget}
      pending={pending}
      onSubmit={handleSubmit}
    >
      <FormField
        label="Title"
        error={titleTouched && titleMissing ? "Title is required" : titleProblem}
        hint={
          titleHint && category.selected
            ? `Titles in ${category.selected.name} follow ${titleHint}`
            : undefined
        }
      >
        {(field) => (
          <Input
            {...field}
            data-autofocus
            value={values.title}
            required
            placeholder={titleHint ?? "e.g. Winter sale launch"}
            onChange={(event) => set("title", event.target.value)}
            onBlur={() => {
              setTitleTouched(true);
              if (isCreate) set("title", titleWithCategory(values.title, category.selected));
            }}
          />
        )}
      </FormField>
      <FormField label="Description" error={descriptionProblem}>
        {(field) => (
          <textarea
            {...field}
            rows={3}
            value={values.description}
            placeholder="Optional details"
            onChange={(event) => set("description", event.target.value)}
            className={fieldClass}
          />
        )}
      </FormField>
      <AnnotationDateFields
        values={values.dates}
        onChange={(dates) => set("dates", dates)}
        isCreate={isCreate}
        today={today}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <CategorySelect
          state={category}
          onPick={(id) => {
            const previous = category.selected;
            const picked = category.pick(id);
            // A new title follows the category; an existing one is the person's to change.
            if (isCreate) set("title", titleWithCategory(values.title, picked, previous));
          }}
          onLeave={() => onOpenChange(false)}
        />
        <ColorSwatchField
          label="Color"
          value={color}
          onChange={(next) => set("color", next)}
          lockedBy={category.selected ? `Set by the category ${category.selected.name}` : undefined}
        />
      </div>
      {propertyChoices.length > 0 ? (
        <fieldset className="flex min-w-0 flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium">Add it to</legend>
          {propertyChoices.map((property) => (
            <label
              key={property.propertyId}
              className="flex items-center gap-2 text-sm has-[:disabled]:text-muted-foreground"
              title={
                readOnly.has(property.propertyId)
                  ? readOnlyPropertyReason(property.propertyId, property.name)
                  : undefined
              }
            >
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-primary"
                checked={chosenTargets.includes(property.propertyId)}
                disabled={readOnly.has(property.propertyId)}
                aria-describedby={readOnly.has(property.propertyId) ? readOnlyNoteId : undefined}
                onChange={(event) => {
                  const { checked } = event.target;
                  setTargets((previous) =>
                    checked
                      ? [...previous, property.propertyId]
                      : previous.filter((id) => id !== property.propertyId),
                  );
                }}
              />
              <span className="min-w-0 break-words">
                {property.name}
                {readOnly.has(property.propertyId) ? " (read-only)" : ""}
              </span>
            </label>
          ))}
          <p className="text-xs text-muted-foreground">
            {noTarget
              ? "Choose at least one property."
              : "Each property counts as one annotation of the day's allowance."}
          </p>
          {anyReadOnly ? (
            <p id={readOnlyNoteId} className="text-xs text-muted-foreground">
              {readOnlyChoiceNote}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {copyList.length > 0 ? (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={alsoCopies}
            onChange={(event) => setAlsoCopies(event.target.checked)}
          />
          <span className="min-w-0 break-words">{alsoChangeCopiesLabel(copyList, "change")}</span>
        </label>
      ) : null}
      {props.mode === "edit" && props.impactOf ? (
        <AnnotationImpactSummary
          propertyId={props.impactOf}
          annotationId={props.annotation.annotationId}
        />
      ) : null}
      {props.mode === "edit" ? props.history : null}
    </FormDialog>
  );
}

/** "Also change the 3 copies in Shop NZ, Shop UK, Shop US?" */
export function alsoChangeCopiesLabel(
  copies: readonly { propertyName: string }[],
  verb: "change" | "delete",
): string {
  const names = copies.map((copy) => copy.propertyName).join(", ");
  return copies.length === 1
    ? `Also ${verb} the copy in ${names}?`
    : `Also ${verb} the ${copies.length} copies in ${names}?`;
}
