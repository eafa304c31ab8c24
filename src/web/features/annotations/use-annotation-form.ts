import { useState } from "react";
import {
  annotationDescription,
  annotationTitle,
  type Annotation,
} from "../../../shared/contracts/annotations";
import type { AnnotationCopy } from "../../../shared/contracts/annotation-sets";
import type { Category } from "../../../shared/contracts/categories";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { dateFieldsProblem } from "./annotation-date-fields";
import { todayIsoFor } from "./annotation-format";
import type { AnnotationFormDialogProps, SetChoices } from "./annotation-form-types";
import { initialValues, problemOf, type FormValues } from "./annotation-form-values";
import { titleHintOf, useAnnotationCategory } from "./use-annotation-category";

const noCategories: Category[] = [];
const noProperties: SavedPropertyView[] = [];
const noCopies: AnnotationCopy[] = [];
const noReadOnly: ReadonlySet<string> = new Set();

/** Text already in Google (made elsewhere) is only checked once it is changed here. */
function textProblems(values: FormValues, annotation: Annotation | undefined) {
  const titleMissing = values.title.trim() === "";
  const titleProblem =
    titleMissing || values.title === annotation?.title
      ? null
      : problemOf(annotationTitle, values.title);
  const descriptionProblem =
    values.description === annotation?.description
      ? null
      : problemOf(annotationDescription, values.description);
  return { titleMissing, titleProblem, descriptionProblem };
}

/** The properties a create may go to besides this one, and those the person ticked. */
function usePropertyTargets(sets: SetChoices | undefined, propertyId: string) {
  const choices = sets?.propertyChoices ?? noProperties;
  const readOnly = sets?.readOnly ?? noReadOnly;
  const [targets, setTargets] = useState<readonly string[]>(() => [propertyId]);
  // A property the person may only view is never a target, even the one the dialog opened on.
  const chosen = targets.filter((id) => !readOnly.has(id));
  return {
    choices,
    readOnly,
    chosen,
    setTargets,
    noTarget: choices.length > 0 && chosen.length === 0,
    anyReadOnly: choices.some((property) => readOnly.has(property.propertyId)),
  };
}

export type PropertyTargets = ReturnType<typeof usePropertyTargets>;

/**
 * The last day a new annotation may start: each ticked property refuses a start after its own
 * today, so with properties in several zones it is the earliest of their todays. `behind` names
 * the ticked property that sets it when that is not the one the dialog opened on.
 */
export function latestStartOf(
  opened: { propertyId: string; timeZone: string | null },
  targets: Pick<PropertyTargets, "choices" | "chosen">,
  now = new Date(),
): { today: string; behind: string | null } {
  let today = todayIsoFor(opened.timeZone, now);
  let behind: string | null = null;
  for (const id of targets.chosen) {
    const property = targets.choices.find((choice) => choice.propertyId === id);
    if (!property || id === opened.propertyId) continue;
    const theirs = todayIsoFor(property.timeZone ?? opened.timeZone, now);
    if (theirs < today) [today, behind] = [theirs, property.name];
  }
  return { today, behind };
}

/** The create and edit dialogs' fields, what is wrong with them, and where a create goes. */
export function useAnnotationForm(props: AnnotationFormDialogProps & { sets?: SetChoices }) {
  const { mode, annotation, propertyId = "", sets } = props;
  const isCreate = mode === "create";
  const [values, setValues] = useState(() =>
    initialValues(annotation, props.draft, todayIsoFor(props.timeZone ?? null)),
  );
  const category = useAnnotationCategory({
    categories: props.categories ?? noCategories,
    initialCategoryId:
      (props.draft?.categoryId !== undefined ? props.draft.categoryId : annotation?.categoryId) ??
      null,
  });
  const [titleTouched, setTitleTouched] = useState(false);
  const [alsoCopies, setAlsoCopies] = useState(true);
  const targets = usePropertyTargets(sets, propertyId);
  const latest = latestStartOf({ propertyId, timeZone: props.timeZone ?? null }, targets);
  const today = latest.today;
  const problems = textProblems(values, annotation);
  const textInvalid = problems.titleProblem !== null || problems.descriptionProblem !== null;
  const dateInvalid = dateFieldsProblem(values.dates, { isCreate, today }) !== null;

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((previous) => ({ ...previous, [key]: value }));
  }

  return {
    isCreate,
    today,
    /** The ticked property whose today is the earliest, when it is not this one. */
    todayOf: latest.behind,
    values,
    set,
    category,
    // A chosen category decides the colour.
    color: category.lockedColor ?? values.color,
    titleHint: titleHintOf(category.selected),
    titleTouched,
    setTitleTouched,
    ...problems,
    invalid: problems.titleMissing || textInvalid || dateInvalid || targets.noTarget,
    targets,
    copies: { list: sets?.copyList ?? noCopies, alsoCopies, setAlsoCopies },
    pending:
      props.pending || sets?.createOnMany.isPending === true || sets?.updateMany.isPending === true,
  };
}

export type AnnotationForm = ReturnType<typeof useAnnotationForm>;
