// Runs in <head> before first paint so the page never flashes the wrong theme.
// It must stay a tiny classic script (no imports): keep the rule in step with
// features/theme/theme-preference.ts and the key with lib/storage-keys.ts (a unit test checks).
(function applyInitialTheme() {
  let theme = null;
  try {
    theme = window.localStorage.getItem("theme");
  } catch {
    // Storage can be disabled; fall through to the system preference.
  }
  if (theme !== "light" && theme !== "dark") {
    const prefersDark =
      typeof window.matchMedia === "function" &&
      window.matchMedia("(prefers-color-scheme: dark)").matches;
    theme = prefersDark ? "dark" : "light";
  }
  document.documentElement.classList.toggle("dark", theme === "dark");
})();
