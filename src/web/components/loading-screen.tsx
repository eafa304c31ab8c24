import { LoaderCircle } from "lucide-react";
import { cn } from "../lib/class-names";

/** A centred spinner with a spoken label, for screens waiting on the server. */
export function LoadingScreen({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        "flex min-h-[60dvh] flex-1 flex-col items-center justify-center gap-4 px-4 py-24",
        className,
      )}
    >
      <LoaderCircle
        className="size-8 animate-spin text-primary motion-reduce:animate-none"
        aria-hidden="true"
      />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}
