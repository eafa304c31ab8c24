import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";

/** A line saying what is being loaded, with a spinner; screen readers hear it as a status. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {children}
    </p>
  );
}
