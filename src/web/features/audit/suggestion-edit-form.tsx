import { Loader2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import {
  annotationDescriptionMaxLength,
  annotationTitleMaxLength,
} from "../../../shared/contracts/annotations";
import { cleanTextProblem } from "../../../shared/contracts/clean-text";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";

const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm";

/** The suggested title and description in the person's own words, checked as the server would. */
export function EditForm({
  ids,
  initialTitle,
  initialDescription,
  busy,
  onCancel,
  onSave,
}: {
  ids: { title: string; description: string };
  initialTitle: string;
  initialDescription: string;
  busy: boolean;
  onCancel: () => void;
  onSave: (title: string, description: string) => Promise<void>;
}) {
  const [title, setTitle] = useState(initialTitle);
  const [description, setDescription] = useState(initialDescription);
  const titleProblem = cleanTextProblem(title, {
    label: "Title",
    maxLength: annotationTitleMaxLength,
    required: true,
  });
  const descriptionProblem = cleanTextProblem(description, {
    label: "Description",
    maxLength: annotationDescriptionMaxLength,
    multiline: true,
  });
  const problem = titleProblem ?? descriptionProblem;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    void onSave(title.trim(), description.trim());
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.title}>Title</Label>
        <Input
          id={ids.title}
          value={title}
          data-autofocus
          aria-invalid={titleProblem ? true : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.description}>Description</Label>
        <textarea
          id={ids.description}
          rows={3}
          value={description}
          aria-invalid={descriptionProblem ? true : undefined}
          onChange={(event) => setDescription(event.target.value)}
          className={fieldClass}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy || problem !== null}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
