import { readStoredValue, storageKeys, writeStoredValue } from "../../lib/storage-keys";

export const themes = ["light", "dark"] as const;
export type Theme = (typeof themes)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (themes as readonly string[]).includes(value);
}

const darkSchemeQuery = "(prefers-color-scheme: dark)";

/** The stored choice wins, then the system's dark preference, then light. */
export function resolveTheme(stored: Theme | null, systemPrefersDark: boolean): Theme {
  return stored ?? (systemPrefersDark ? "dark" : "light");
}

export function readStoredTheme(): Theme | null {
  const stored = readStoredValue(storageKeys.theme);
  return isTheme(stored) ? stored : null;
}

export function storeTheme(theme: Theme): void {
  writeStoredValue(storageKeys.theme, theme);
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(darkSchemeQuery).matches;
}

/** Calls `onChange` when the OS switches between light and dark; returns the unsubscribe. */
export function watchSystemTheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(darkSchemeQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The `dark` class on <html> drives Tailwind's dark variant and the colour tokens in styles.css. */
export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
}

export function appliedTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** The theme toggle's hint, naming the theme it switches to. */
export function themeToggleTitle(next: Theme): string {
  return `Switch to ${next} theme`;
}
