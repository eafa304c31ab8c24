/** Anchor ids of the landing page's sections; "View Pricing" scrolls to one of them. */
export const landingSectionIds = {
  features: "features",
  howItWorks: "how-it-works",
  pricing: "pricing",
} as const;

/**
 * Sections below the first screen are laid out only as they come near the viewport (CSS
 * content-visibility), so the first load's style and layout cover the hero alone; the space they
 * hold until then is a guess, remembered once they have been drawn.
 */
export const drawnWhenNear = "[content-visibility:auto] [contain-intrinsic-size:auto_960px]";

/** Lays out every deferred section now, so a jump to one of them lands where it ends up. */
export function drawDeferredSections(): void {
  for (const id of Object.values(landingSectionIds))
    document.getElementById(id)?.style.setProperty("content-visibility", "visible");
}
