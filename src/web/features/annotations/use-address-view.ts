import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { AnnotationFilter } from "../../../shared/annotation-filter";
import { routePaths } from "../../lib/route-paths";
import { searchOfView, viewFromSearch, type AllAnnotationsView } from "./all-annotations-view";

const searchDelayMs = 300;

/** The view in the address bar: reading it, and changing it (a new entry, or in place while typing). */
export function useAddressView(): [
  AllAnnotationsView,
  (next: AllAnnotationsView, replace?: boolean) => void,
] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const view = viewFromSearch(search);
  const setView = (next: AllAnnotationsView, replace = false) => {
    const query = searchOfView(next);
    navigate(query ? `${routePaths.allAnnotations}?${query}` : routePaths.allAnnotations, {
      replace,
    });
  };
  return [view, setView];
}

/**
 * The filters as the table's toolbar shows them: what is typed shows at once, and the address (so
 * the server) follows once typing pauses; every other change goes to the address at once. Back
 * and forward bring the address's filters into the toolbar.
 */
export function useDraftFilter(
  view: AllAnnotationsView,
  setView: (next: AllAnnotationsView, replace?: boolean) => void,
): [AnnotationFilter, (next: AnnotationFilter) => void] {
  const [draft, setDraft] = useState(view.filter);
  const current = searchOfView(view);
  const pushed = useRef(current);
  useEffect(() => {
    if (current === pushed.current) return;
    pushed.current = current;
    setDraft(viewFromSearch(current).filter);
  }, [current]);
  useEffect(() => {
    if ((draft.q ?? "") === (view.filter.q ?? "")) return;
    const timer = setTimeout(() => {
      const next = { ...view, filter: { ...view.filter, q: draft.q || undefined }, page: 1 };
      pushed.current = searchOfView(next);
      setView(next, true);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  });
  const change = (next: AnnotationFilter) => {
    setDraft(next);
    const onlyWords = searchOfView({ ...view, filter: { ...next, q: view.filter.q } }) === current;
    if (onlyWords) return;
    const target = { ...view, filter: { ...next, q: next.q || undefined }, page: 1 };
    pushed.current = searchOfView(target);
    setView(target);
  };
  return [draft, change];
}
