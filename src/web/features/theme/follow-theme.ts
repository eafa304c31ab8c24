// Also run by the pre-rendered landing page's own script, where React is never loaded: nothing
// here may reach for React or the app.
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

/** Applies the theme the stored choice, else the system's setting, asks for. */
export function applyPreferredTheme(): void {
  applyTheme(resolveTheme(readStoredTheme(), systemPrefersDark()));
}

/**
 * Keeps the page on the preferred theme after something outside this tab changed one of its
 * inputs, calling `onApplied` each time; returns the way to stop.
 */
export function followThemePreferences(onApplied: () => void): () => void {
  const follow = () => {
    applyPreferredTheme();
    onApplied();
  };
  const onStorage = (event: StorageEvent) => {
    // key === null means another tab cleared all of localStorage.
    if (event.key === storageKeys.theme || event.key === null) follow();
  };
  window.addEventListener("storage", onStorage);
  const stopWatchingSystem = watchSystemTheme(() => {
    // An explicit choice outranks the system setting, so only follow the OS while none is stored.
    if (readStoredTheme() === null) follow();
  });
  return () => {
    window.removeEventListener("storage", onStorage);
    stopWatchingSystem();
  };
}

/** The theme a toggle switches to: the one not shown. */
export function otherTheme(): Theme {
  return appliedTheme() === "dark" ? "light" : "dark";
}

/** Applies `theme` and remembers it as the person's choice. */
export function chooseTheme(theme: Theme): void {
  applyTheme(theme);
  storeTheme(theme);
}
