import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins conditional class names and lets later Tailwind utilities win over earlier ones,
 * so a component's defaults can be overridden by a caller's `className` (`px-4` + `px-2` → `px-2`).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
