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

/**
 * The offer to change or delete an annotation's copies on the person's other properties with it
 * (decision 0058); shown only where it has copies.
 */
export function AlsoCopiesCheckbox({
  copies,
  verb,
  checked,
  onCheckedChange,
}: {
  copies: readonly { propertyName: string }[];
  verb: "change" | "delete";
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  if (copies.length === 0) return null;
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <span className="min-w-0 break-words">{alsoChangeCopiesLabel(copies, verb)}</span>
    </label>
  );
}
