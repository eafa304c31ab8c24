import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

/**
 * After a client-side navigation, start the new page at the top and move keyboard and screen
 * reader focus to its main content, as a full page load would. The first render (and
 * StrictMode's repeated effects, which see the same location) leave focus alone.
 */
export function useFocusMainOnNavigation<T extends HTMLElement>() {
  const [location] = useLocation();
  const mainRef = useRef<T>(null);
  const previousLocation = useRef(location);

  useEffect(() => {
    if (previousLocation.current === location) return;
    previousLocation.current = location;
    // "instant" so the smooth-scrolling stylesheet cannot animate the jump to a new page.
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    mainRef.current?.focus({ preventScroll: true });
  }, [location]);

  return mainRef;
}
