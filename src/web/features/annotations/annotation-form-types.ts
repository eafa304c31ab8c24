import type { ReactNode } from "react";
import type {
  Annotation,
  CreateAnnotationRequest,
  UpdateAnnotationRequest,
} from "../../../shared/contracts/annotations";
import type { AnnotationCopy } from "../../../shared/contracts/annotation-sets";
import type { Category } from "../../../shared/contracts/categories";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import type { AnnotationDraft } from "./annotation-form-values";
import type { useCreateOnProperties, useUpdateWithCopies } from "./annotation-sets-api";

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

/** The create and edit dialogs' props. */
export type AnnotationFormDialogProps = FormDialogProps & {
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
export interface SetChoices {
  propertyChoices: readonly SavedPropertyView[];
  /** Properties the person's Google role lets them view only: shown, marked, never chosen. */
  readOnly: ReadonlySet<string>;
  copyList: readonly AnnotationCopy[];
  createOnMany: ReturnType<typeof useCreateOnProperties>;
  updateMany: ReturnType<typeof useUpdateWithCopies>;
}
