import { drawnWhenNear, landingSectionIds } from "../landing-section-ids";
import { SectionHeading } from "./section-heading";

const steps = [
  {
    title: "Create your free account",
    description:
      "Sign up with Google or your email address and start on Freemium. There is nothing to install.",
  },
  {
    title: "Connect Google Analytics",
    description:
      "Grant access through Google's consent screen, then pick the GA4 property to annotate.",
  },
  {
    title: "Annotate your way",
    description:
      "Chat in Agent Mode or work in the Property View table, and switch between them from the header.",
  },
];

export function HowItWorksSection() {
  return (
    <section
      id={landingSectionIds.howItWorks}
      aria-labelledby="how-it-works-title"
      className={`scroll-mt-16 py-20 sm:py-24 ${drawnWhenNear}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="From sign-up to first annotation in minutes"
        >
          No spreadsheets of release dates, no digging through GA4 menus.
        </SectionHeading>
        <ol className="mt-14 grid gap-8 md:grid-cols-3 md:gap-6">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 md:flex-col">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full border border-primary/30 bg-primary/10 font-semibold text-primary"
              >
                {index + 1}
              </span>
              <div className="flex flex-col gap-1.5">
                <h3 className="font-semibold tracking-tight">{step.title}</h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
