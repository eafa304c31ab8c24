import { CircleAlert } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { TitledCard } from "../../components/titled-card";
import { Alert } from "../../components/ui/alert";
import { cn } from "../../lib/class-names";

/**
 * A sign-in page's one card, centred under the header, its h1 naming the page's section.
 * `before` goes in the section ahead of the card (the document's title, say).
 */
export function AuthCard({
  titleId,
  before,
  titleProps,
  ...card
}: Omit<ComponentProps<typeof TitledCard>, "className"> & { titleId: string; before?: ReactNode }) {
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24"
    >
      {before}
      <TitledCard
        {...card}
        className="w-full max-w-md gap-6 shadow-md"
        titleProps={{
          as: "h1",
          id: titleId,
          ...titleProps,
          className: cn("text-2xl", titleProps?.className),
        }}
      />
    </section>
  );
}

/** Why signing in did not work, read out as soon as it shows. */
export function SignInFailure({ children }: { children: ReactNode }) {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <p>{children}</p>
    </Alert>
  );
}
