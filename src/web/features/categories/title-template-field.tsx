import { useId } from "react";
import {
  defaultTitleTemplate,
  titleTemplateExample,
  titleTemplateMaxLength,
} from "../../../shared/categories";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { patternTemplates, type PatternChoice } from "./category-form-values";

/** The title template: one of the listed patterns, or typed (which picks its pattern if listed). */
export function TitleTemplateField({
  pattern,
  template,
  problem,
  onChoosePattern,
  onType,
}: {
  pattern: PatternChoice;
  template: string;
  problem: string | null;
  onChoosePattern: (choice: PatternChoice) => void;
  onType: (template: string) => void;
}) {
  const ids = {
    pattern: useId(),
    template: useId(),
    templateHint: useId(),
    templateError: useId(),
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">Title Template</legend>
      <Label htmlFor={ids.pattern} className="sr-only">
        Title template pattern
      </Label>
      <NativeSelect
        id={ids.pattern}
        value={pattern}
        onChange={(event) => onChoosePattern(event.target.value as PatternChoice)}
      >
        <option value="custom">Custom pattern</option>
        {patternTemplates.map((candidate) => (
          <option key={candidate.value} value={candidate.value}>
            {candidate.template}
          </option>
        ))}
      </NativeSelect>
      <Label htmlFor={ids.template} className="sr-only">
        Title template
      </Label>
      <Input
        id={ids.template}
        value={template}
        maxLength={titleTemplateMaxLength}
        placeholder={defaultTitleTemplate}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${ids.templateError} ${ids.templateHint}` : ids.templateHint}
        onChange={(event) => onType(event.target.value)}
      />
      {problem ? (
        <p id={ids.templateError} className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <p id={ids.templateHint} className="text-xs break-words text-muted-foreground">
        Separate the segments with “ · ”, for example: {titleTemplateExample}
      </p>
    </fieldset>
  );
}
