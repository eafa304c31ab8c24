import type { ComponentProps, ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./ui/card";

/**
 * A card with a title (an h2 unless `titleProps` says otherwise), the sentence or two under it,
 * then its content and footer when it has them: the shape of most cards in the product, from a
 * section of Account to a page's only card.
 */
export function TitledCard({
  className,
  lead,
  title,
  titleProps,
  description,
  descriptionProps,
  contentClassName,
  children,
  footer,
  footerClassName,
}: {
  className?: string;
  /** Above the title: the card's icon, say. */
  lead?: ReactNode;
  title: ReactNode;
  titleProps?: Omit<ComponentProps<typeof CardTitle>, "children">;
  description?: ReactNode;
  descriptionProps?: Omit<ComponentProps<typeof CardDescription>, "children">;
  contentClassName?: string;
  children?: ReactNode;
  footer?: ReactNode;
  footerClassName?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        {lead}
        <CardTitle as="h2" {...titleProps}>
          {title}
        </CardTitle>
        {description ? (
          <CardDescription {...descriptionProps}>{description}</CardDescription>
        ) : null}
      </CardHeader>
      {children ? <CardContent className={contentClassName}>{children}</CardContent> : null}
      {footer ? <CardFooter className={footerClassName}>{footer}</CardFooter> : null}
    </Card>
  );
}
