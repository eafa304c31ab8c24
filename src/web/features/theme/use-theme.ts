import { useCallback, useSyncExternalStore } from "react";
import { appliedTheme, type Theme } from "./theme-preference";
import {
  applyPreferredTheme,
  chooseTheme,
  followThemePreferences,
  otherTheme,
} from "./follow-theme";

// The class on <html> is the single source of truth (theme-init.js sets it before first
// paint); this store only tells React when it changes.
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

let stopFollowing: (() => void) | null = null;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) stopFollowing = followThemePreferences(notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopFollowing?.();
      stopFollowing = null;
    }
  };
}

function serverTheme(): Theme {
  return "light";
}

export function setTheme(theme: Theme): void {
  chooseTheme(theme);
  notify();
}

/** Applies the preferred theme in case theme-init.js did not run (blocked or failed to load). */
export function initializeTheme(): void {
  applyPreferredTheme();
}

export function useTheme(): {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
} {
  // Pre-rendered HTML is drawn for every theme at once (CSS picks by the class on <html>), so
  // the server's answer is a fixed one; React swaps in the real one right after hydrating.
  const theme = useSyncExternalStore(subscribe, appliedTheme, serverTheme);
  const toggleTheme = useCallback(() => setTheme(otherTheme()), []);
  return { theme, setTheme, toggleTheme };
}
