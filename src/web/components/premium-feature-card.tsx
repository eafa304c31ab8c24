import { Crown } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";

/**
 * What a person sees on a Premium screen their plan does not include: the 'Premium Feature'
 * card, with the ways on (`actions`: links to /plans and back).
 */
export function PremiumFeatureCard({
  title = "Premium Feature",
  description,
  actions,
  icon = <Crown className="size-6" aria-hidden="true" />,
}: {
  title?: string;
  description: ReactNode;
  actions: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16 sm:px-6">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            {icon}
          </span>
          <CardTitle as="h1" className="text-xl">
            {title}
          </CardTitle>
          <CardDescription className="text-pretty">{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col justify-center gap-2 sm:flex-row">
          {actions}
        </CardContent>
      </Card>
    </div>
  );
}
