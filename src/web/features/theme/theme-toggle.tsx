import { Moon, Sun } from "lucide-react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { themeToggleTitle } from "./theme-preference";
import { useTheme } from "./use-theme";

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const nextTheme = theme === "dark" ? "light" : "dark";

  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Toggle theme"
      title={themeToggleTitle(nextTheme)}
      // A page that is not hydrated (the pre-rendered landing page) finds it by this.
      data-theme-toggle=""
      onClick={toggleTheme}
      className={cn("text-muted-foreground hover:text-foreground", className)}
    >
      {/* Both icons are drawn and the theme class picks one, so pre-rendered HTML shows the
      right one before any JavaScript runs. */}
      <Sun aria-hidden="true" className="hidden dark:block" />
      <Moon aria-hidden="true" className="dark:hidden" />
    </Button>
  );
}
