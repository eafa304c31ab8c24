import {
  Layers2,
  ListChecks,
  MessageSquareText,
  ShieldCheck,
  Table2,
  Tags,
  type LucideIcon,
} from "lucide-react";
import { tierCapabilities } from "../../../../shared/plans";
import { Badge } from "../../../components/ui/badge";
import { drawnWhenNear, landingSectionIds } from "../landing-section-ids";
import { SectionHeading } from "./section-heading";

interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
  premiumOnly: boolean;
}

const { freemium, premium } = tierCapabilities;

const features: Feature[] = [
  {
    title: "Agent Mode chat",
    description:
      "Tell the AI assistant what happened and when, in plain language. It creates and lists annotations on your property for you.",
    icon: MessageSquareText,
    premiumOnly: false,
  },
  {
    title: "Property View table",
    description:
      "See every annotation on a property in one sortable table, with dialogs to add new ones and, on Premium, edit or delete them.",
    icon: Table2,
    premiumOnly: false,
  },
  {
    title: "Categories and naming templates",
    description:
      "Colour-coded categories with title templates like CAMPAIGN · Paid Social · Winter Sale Launch · AU · Prod keep every name consistent.",
    icon: Tags,
    premiumOnly: true,
  },
  {
    title: "AI annotation audit",
    description:
      "AI reviews your existing annotations and suggests clearer titles, descriptions and categories. Nothing changes until you accept.",
    icon: ListChecks,
    premiumOnly: true,
  },
  {
    title: "Saved properties",
    description: `Keep the GA4 properties you work on one click away: ${freemium.propertyQuota} locked property on Freemium, up to ${premium.propertyQuota} on Premium.`,
    icon: Layers2,
    premiumOnly: false,
  },
  {
    title: "Secure Google connection",
    description:
      "Connect through Google's own consent screen. Tidemark uses that access only to manage annotations, and tokens are encrypted at rest.",
    icon: ShieldCheck,
    premiumOnly: false,
  },
];

function FeatureCard({ feature }: { feature: Feature }) {
  const Icon = feature.icon;
  return (
    <article className="group flex h-full flex-col gap-4 rounded-xl border bg-card p-6 shadow-xs transition-shadow hover:shadow-md">
      <div className="flex items-center justify-between gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {feature.premiumOnly ? <Badge variant="outline">Premium</Badge> : null}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold tracking-tight">{feature.title}</h3>
        <p className="text-sm leading-relaxed text-muted-foreground">{feature.description}</p>
      </div>
    </article>
  );
}

export function FeatureSection() {
  return (
    <section
      id={landingSectionIds.features}
      aria-labelledby="features-title"
      className={`scroll-mt-16 border-y border-border/70 bg-muted/40 py-20 sm:py-24 ${drawnWhenNear}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Two ways to annotate, one source of truth"
        >
          Chat when you are in a hurry, open the table when you want the whole picture. Both write
          straight to your GA4 property.
        </SectionHeading>
        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title}>
              <FeatureCard feature={feature} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
