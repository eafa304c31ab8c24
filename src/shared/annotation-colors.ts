/** The colours GA4 accepts for user-created annotations (ORANGE is reserved for system-generated ones). */
export const annotationColors = ["PURPLE", "BROWN", "BLUE", "GREEN", "RED", "CYAN"] as const;
export type AnnotationColor = (typeof annotationColors)[number];

/** Display swatches, shared by badges, dots and pickers so a colour looks the same everywhere. */
export const annotationColorSwatches: Record<AnnotationColor, { label: string; hex: string }> = {
  PURPLE: { label: "Purple", hex: "#8e44ad" },
  BROWN: { label: "Brown", hex: "#8d6e63" },
  BLUE: { label: "Blue", hex: "#1a73e8" },
  GREEN: { label: "Green", hex: "#188038" },
  RED: { label: "Red", hex: "#d93025" },
  CYAN: { label: "Cyan", hex: "#12a4af" },
};

export function isAnnotationColor(value: unknown): value is AnnotationColor {
  return typeof value === "string" && (annotationColors as readonly string[]).includes(value);
}

/** Google requires a colour; one the person did not choose defaults to this. */
export const defaultAnnotationColor: AnnotationColor = "BLUE";
