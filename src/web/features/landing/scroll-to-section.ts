import { drawDeferredSections } from "./landing-section-ids";

/**
 * Brings an in-page section into view and moves focus there too, so keyboard users continue
 * from the section rather than from the button they pressed. Smooth only when motion is welcome.
 */
export function scrollToSection(sectionId: string): void {
  const section = document.getElementById(sectionId);
  if (!section) return;
  // Sections not yet drawn hold a guessed height: drawn now, the scroll lands where it should.
  drawDeferredSections();

  const prefersReducedMotion =
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  // Focus first without scrolling: focusing after a smooth scroll starts would cut it short.
  section.focus({ preventScroll: true });
  section.scrollIntoView({ behavior: prefersReducedMotion ? "auto" : "smooth", block: "start" });
}
