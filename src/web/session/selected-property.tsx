import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { propertyIdPattern } from "../../shared/property-id";
import {
  preferenceCookies,
  readPreferenceCookie,
  removePreferenceCookie,
  writePreferenceCookie,
} from "../lib/preference-cookies";
import { readStoredValue, removeStoredValue, storageKeys } from "../lib/storage-keys";
import { useCookieHeader } from "./request-cookies";

interface SelectedPropertyState {
  /** The GA4 property id being worked on; "" when none is chosen. */
  propertyId: string;
  setPropertyId: (propertyId: string) => void;
}

const SelectedPropertyContext = createContext<SelectedPropertyState | null>(null);

function validPropertyId(value: string | null): string {
  return value !== null && propertyIdPattern.test(value) ? value : "";
}

/** The property id last chosen, from a Cookie header or `document.cookie`; "" when none. */
export function lastSelectedPropertyId(cookieHeader: string): string {
  return validPropertyId(readPreferenceCookie(cookieHeader, preferenceCookies.selectedPropertyId));
}

/**
 * The selected property id, shared by the header's picker and the page. Kept in a cookie, so the
 * server draws the signed-in page for the property its owner last chose.
 */
export function SelectedPropertyProvider({ children }: { children: ReactNode }) {
  const cookieHeader = useCookieHeader();
  const [propertyId, setState] = useState(() => lastSelectedPropertyId(cookieHeader));
  const setPropertyId = useCallback((next: string) => {
    setState(next);
    if (next) writePreferenceCookie(preferenceCookies.selectedPropertyId, next);
    else removePreferenceCookie(preferenceCookies.selectedPropertyId);
  }, []);

  const value = useMemo(() => ({ propertyId, setPropertyId }), [propertyId, setPropertyId]);
  return <SelectedPropertyContext value={value}>{children}</SelectedPropertyContext>;
}

/**
 * Earlier releases kept the choice in localStorage, which the server cannot read: moves it to the
 * cookie, once. Runs before the app first renders; true when it moved a choice, which means a
 * page the server drew was drawn without it (so the app draws the page afresh).
 */
export function moveLegacySelection(): boolean {
  const legacy = validPropertyId(readStoredValue(storageKeys.selectedPropertyId));
  removeStoredValue(storageKeys.selectedPropertyId);
  if (!legacy || lastSelectedPropertyId(document.cookie)) return false;
  writePreferenceCookie(preferenceCookies.selectedPropertyId, legacy);
  return true;
}

export function useSelectedProperty(): SelectedPropertyState {
  const state = useContext(SelectedPropertyContext);
  if (!state) throw new Error("useSelectedProperty needs a SelectedPropertyProvider");
  return state;
}
