/**
 * The landing page's only script where it arrives pre-rendered (decision 0070). The page is text
 * and links, drawn at build time; React is not loaded to hydrate it. Its few interactive parts
 * are made to work here, on the drawn elements, with the same rules the app's components use:
 *
 * - the theme toggle (the shared theme rules; the stored choice, then the system's);
 * - "View Pricing", which brings the pricing section into view and moves focus there;
 * - the demo's days, counted from the visitor's today (held as blank room until now).
 *
 * Links are plain links: following one loads that page, itself pre-rendered. A click made before
 * this script ran (held by load-after-paint.js) is done again once it has.
 */
import { demoDay, demoDayAttribute } from "../landing/demo-days";
import { drawDeferredSections, landingSectionIds } from "../landing/landing-section-ids";
import { scrollToSection } from "../landing/scroll-to-section";
import {
  applyPreferredTheme,
  chooseTheme,
  followThemePreferences,
  otherTheme,
} from "../theme/follow-theme";
import { themeToggleTitle } from "../theme/theme-preference";

declare global {
  interface Window {
    /** Set by load-after-paint.js: the clicks and submissions made before this script ran. */
    takeHeldActions?: () => { kind: string; target: EventTarget }[];
  }
}

function showTheme(): void {
  const next = otherTheme();
  for (const toggle of document.querySelectorAll<HTMLElement>("[data-theme-toggle]"))
    toggle.title = themeToggleTitle(next);
}

function start(): void {
  applyPreferredTheme();
  showTheme();
  followThemePreferences(showTheme);

  // One listener on the drawn page for both controls, whichever of their parts is clicked.
  document.getElementById("root")?.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("[data-theme-toggle]")) {
      chooseTheme(otherTheme());
      showTheme();
      return;
    }
    const scroll = target?.closest<HTMLElement>("[data-scroll-to]");
    if (scroll?.dataset.scrollTo) scrollToSection(scroll.dataset.scrollTo);
  });

  const today = new Date();
  for (const day of document.querySelectorAll<HTMLElement>(`[${demoDayAttribute}]`)) {
    day.textContent = demoDay(Number(day.getAttribute(demoDayAttribute)), today);
    day.classList.remove("invisible");
  }

  // An address naming a section ("/#pricing"): the sections above it held guessed heights when
  // the browser scrolled there, so they are laid out and the section brought into view again.
  const named = decodeURIComponent(window.location.hash.slice(1));
  if ((Object.values(landingSectionIds) as string[]).includes(named)) {
    drawDeferredSections();
    document.getElementById(named)?.scrollIntoView({ block: "start" });
  }

  for (const { kind, target } of window.takeHeldActions?.() ?? [])
    if (kind === "click" && target instanceof HTMLElement) target.click();
}

start();
