import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";

/**
 * One section of a page of cards (Account, the API docs): its h2 title, the sentence or two that
 * say what it is for, and its content.
 */
export function SectionCard({
  title,
  description,
  className,
  titleClassName,
  contentClassName,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  titleClassName?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as="h2" className={titleClassName}>
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
