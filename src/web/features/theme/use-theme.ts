import { useCallback, useSyncExternalStore } from "react";
import { storageKeys } from "../../lib/storage-keys";
import {
  appliedTheme,
  applyTheme,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  systemPrefersDark,
  watchSystemTheme,
  type Theme,
} from "./theme-preference";

// The class on <html> is the single source of truth (theme-init.js sets it before first
// paint); this store only tells React when it changes.
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Re-derives the theme after something outside this tab changed one of its inputs. */
function syncFromPreferences(): void {
  applyTheme(resolveTheme(readStoredTheme(), systemPrefersDark()));
  notify();
}

function handleStorage(event: StorageEvent): void {
  // key === null means another tab cleared all of localStorage.
  if (event.key === storageKeys.theme || event.key === null) syncFromPreferences();
}

function handleSystemChange(): void {
  // An explicit choice outranks the system setting, so only follow the OS while none is stored.
  if (readStoredTheme() === null) syncFromPreferences();
}

let stopWatchingSystem: (() => void) | null = null;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener("storage", handleStorage);
    stopWatchingSystem = watchSystemTheme(handleSystemChange);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener("storage", handleStorage);
      stopWatchingSystem?.();
      stopWatchingSystem = null;
    }
  };
}

function serverTheme(): Theme {
  return "light";
}

export function setTheme(theme: Theme): void {
  applyTheme(theme);
  storeTheme(theme);
  notify();
}

/** Applies the preferred theme in case theme-init.js did not run (blocked or failed to load). */
export function initializeTheme(): void {
  applyTheme(resolveTheme(readStoredTheme(), systemPrefersDark()));
}

export function useTheme(): {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
} {
  // Pre-rendered HTML is drawn for every theme at once (CSS picks by the class on <html>), so
  // the server's answer is a fixed one; React swaps in the real one right after hydrating.
  const theme = useSyncExternalStore(subscribe, appliedTheme, serverTheme);
  const toggleTheme = useCallback(() => setTheme(appliedTheme() === "dark" ? "light" : "dark"), []);
  return { theme, setTheme, toggleTheme };
}
