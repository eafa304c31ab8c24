import { annotationColors, annotationColorSwatches } from "../../shared/annotation-colors";

/** The annotation colours as a select's options, in the product's order and words. */
export function ColorOptions() {
  return (
    <>
      {annotationColors.map((color) => (
        <option key={color} value={color}>
          {annotationColorSwatches[color].label}
        </option>
      ))}
    </>
  );
}
