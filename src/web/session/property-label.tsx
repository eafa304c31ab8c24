import { hasPropertyName, propertyLabel } from "../../shared/property-label";
import { useSavedProperties } from "./saved-properties";

/** A saved property's display name, or undefined while it is not known (see propertyLabel). */
export function usePropertyName(propertyId: string | null | undefined): string | undefined {
  const saved = useSavedProperties();
  if (!propertyId) return undefined;
  return saved.data?.find((property) => property.propertyId === propertyId)?.name;
}

/**
 * A sentence naming a property as a person reads it: "Manage annotations for Shop AU", its
 * number beside it as small secondary detail ("· 307927948"), or "… for property 307927948"
 * alone while the name is not known. The sentence is its own element, so it reads (and is found)
 * whole.
 */
export function PropertySentence({ before, propertyId }: { before: string; propertyId: string }) {
  const name = usePropertyName(propertyId);
  return (
    <>
      <span>
        {before}
        {propertyLabel(propertyId, name)}
      </span>
      {hasPropertyName(name) ? (
        <>
          {/* The line may break before the dot, never between it and the number. */}{" "}
          <span className="text-xs whitespace-nowrap tabular-nums opacity-80">· {propertyId}</span>
        </>
      ) : null}
    </>
  );
}
