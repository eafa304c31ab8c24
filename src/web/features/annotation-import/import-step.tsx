import type { ReactNode } from "react";

export function StepHeading({ step, children }: { step: number; children: string }) {
  return (
    <h2 className="flex items-center gap-2 text-lg font-semibold">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground"
      >
        {step}
      </span>
      {children}
    </h2>
  );
}

/** One numbered step of the import, a card named by its heading. */
export function ImportStep({
  headingId,
  step,
  title,
  children,
}: {
  headingId: string;
  step: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <div id={headingId}>
        <StepHeading step={step}>{title}</StepHeading>
      </div>
      {children}
    </section>
  );
}
