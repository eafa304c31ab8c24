import { Moon, Sun } from "lucide-react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/class-names";
import { useTheme } from "./use-theme";

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const nextTheme = theme === "dark" ? "light" : "dark";

  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Toggle theme"
      title={`Switch to ${nextTheme} theme`}
      onClick={toggleTheme}
      className={cn("text-muted-foreground hover:text-foreground", className)}
    >
      {theme === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
