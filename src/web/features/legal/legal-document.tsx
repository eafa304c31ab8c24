import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { routePaths } from "../../lib/route-paths";
import { legalLastUpdated } from "./legal-facts";

export interface LegalSection {
  /** Anchor id for the table of contents and deep links (/privacy#cookies). */
  id: string;
  title: string;
  body: ReactNode;
}

// Prose styling for the section bodies, kept here so the legal text itself stays plain markup.
const proseClass = [
  "text-[0.9375rem] leading-7 text-foreground/85",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-6",
  "[&_li]:pl-1 [&_ul]:marker:text-muted-foreground [&_strong]:font-semibold [&_strong]:text-foreground",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a]:break-words",
].join(" ");

function TableOfContents({ sections }: { sections: LegalSection[] }) {
  return (
    <nav
      aria-labelledby="legal-contents-title"
      className="rounded-xl border bg-card p-5 text-sm lg:sticky lg:top-24"
    >
      <h2 id="legal-contents-title" className="font-semibold">
        On this page
      </h2>
      <ol className="mt-3 flex flex-col gap-2">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex gap-2 rounded-sm text-muted-foreground transition-colors hover:text-foreground"
            >
              <span className="w-5 shrink-0 text-right tabular-nums">{index + 1}.</span>
              <span>{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The shared frame of /privacy and /terms: back link, title, date, contents and numbered sections. */
export function LegalDocument({
  title,
  summary,
  sections,
}: {
  title: string;
  summary: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        href={routePaths.home}
        className="inline-flex items-center gap-2 rounded-sm text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to home
      </Link>

      <header className="mt-8 max-w-3xl border-b pb-8">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">
          Last updated <time dateTime={legalLastUpdated.isoDate}>{legalLastUpdated.isoDate}</time>
        </p>
        <p className="mt-6 text-base leading-7 text-pretty text-foreground/85">{summary}</p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-14">
        <article className="order-2 flex max-w-3xl min-w-0 flex-col gap-10 lg:order-1">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className={proseClass}>{section.body}</div>
            </section>
          ))}
        </article>
        <div className="order-1 lg:order-2">
          <TableOfContents sections={sections} />
        </div>
      </div>
    </div>
  );
}
