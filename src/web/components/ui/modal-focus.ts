import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open dialogs' panels, the most recently opened last: only the top one takes keys. */
const openPanels: (HTMLDivElement | null)[] = [];

/**
 * A modal panel's focus while `open`: it moves inside on open (to `[data-autofocus]` if there is
 * one), Escape and Tab come back to the top panel if focus slipped out, and it returns to whatever
 * opened the panel once it closes.
 */
export function useModalFocus(
  open: boolean,
  panelRef: RefObject<HTMLDivElement | null>,
  onOpenChange: (open: boolean) => void,
): void {
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  }, [onOpenChange]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>("[data-autofocus]:not([disabled])") ??
      panel?.querySelector<HTMLElement>(focusableSelector);
    (first ?? panel)?.focus();
    openPanels.push(panel);

    // Focus can still leave a modal without anyone moving it: the focused control is removed or
    // disabled (a field that turns read-only while saving), and the browser hands focus to the
    // page. Escape and Tab then go to the document; the top dialog takes them back.
    function onDocumentKeyDown(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || !panel || openPanels.at(-1) !== panel) return;
      if (panel.contains(document.activeElement)) return;
      if (event.key === "Escape") {
        event.preventDefault();
        onOpenChangeRef.current(false);
      } else if (event.key === "Tab") {
        event.preventDefault();
        const focusable = [...panel.querySelectorAll<HTMLElement>(focusableSelector)];
        ((event.shiftKey ? focusable.at(-1) : focusable[0]) ?? panel).focus();
      }
    }
    document.addEventListener("keydown", onDocumentKeyDown);
    return () => {
      document.removeEventListener("keydown", onDocumentKeyDown);
      openPanels.splice(openPanels.lastIndexOf(panel), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, [open, panelRef]);
}

/** Tab from the panel's last control goes to its first, Shift+Tab from the first to its last. */
export function keepTabInside(event: KeyboardEvent<HTMLElement>, panel: HTMLElement): void {
  const focusable = [...panel.querySelectorAll<HTMLElement>(focusableSelector)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
