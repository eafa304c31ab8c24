import type { ReactNode } from "react";

/** A page's h1 and the sentence under it that says what the page is for. */
export function PageHeading({
  title,
  className,
  children,
}: {
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
