import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { propertyIdPattern } from "../../shared/property-id";
import {
  preferenceCookies,
  readPreferenceCookie,
  removePreferenceCookie,
  writePreferenceCookie,
} from "../lib/preference-cookies";
import { removeStoredValue, storageKeys } from "../lib/storage-keys";
import { useCookieHeader } from "./request-cookies";

interface SelectedPropertyState {
  /** The GA4 property id being worked on; "" when none is chosen. */
  propertyId: string;
  setPropertyId: (propertyId: string) => void;
  /**
   * Whether the header's property picker is open: the page's 'Choose a property' and the return
   * from Google's consent screen open it, not only its own button.
   */
  pickerOpen: boolean;
  setPickerOpen: (open: boolean) => void;
}

const SelectedPropertyContext = createContext<SelectedPropertyState | null>(null);

/**
 * The cookie holds whose choice it is beside the choice, "<user id>.<property id>": a browser
 * shared by two people keeps one cookie, and the second person must never open the first one's
 * property (docs/decisions/0042).
 */
function cookieValueOf(ownerId: string, propertyId: string): string {
  return `${ownerId}.${propertyId}`;
}

/**
 * The property id `ownerId` last chose, from a Cookie header or `document.cookie`; "" when none,
 * when someone else chose it, or when the value was not written by this app.
 */
export function lastSelectedPropertyId(cookieHeader: string, ownerId: string): string {
  const value = readPreferenceCookie(cookieHeader, preferenceCookies.selectedPropertyId);
  const separator = value?.lastIndexOf(".") ?? -1;
  if (value === null || separator === -1 || value.slice(0, separator) !== ownerId) return "";
  const propertyId = value.slice(separator + 1);
  return propertyIdPattern.test(propertyId) ? propertyId : "";
}

/** Keeps `propertyId` as `ownerId`'s choice (what choosing it in the picker does). */
export function rememberSelectedProperty(ownerId: string, propertyId: string): void {
  writePreferenceCookie(preferenceCookies.selectedPropertyId, cookieValueOf(ownerId, propertyId));
}

/**
 * The selected property id, shared by the header's picker and the page. Kept in a cookie, so the
 * server draws the signed-in page for the property its owner last chose; bound to that owner.
 */
export function SelectedPropertyProvider({
  ownerId,
  children,
}: {
  /** The signed-in person's id: only their own choice is read, and theirs is what is written. */
  ownerId: string;
  children: ReactNode;
}) {
  const cookieHeader = useCookieHeader();
  const [propertyId, setState] = useState(() => lastSelectedPropertyId(cookieHeader, ownerId));
  const setPropertyId = useCallback(
    (next: string) => {
      setState(next);
      if (next) rememberSelectedProperty(ownerId, next);
      else removePreferenceCookie(preferenceCookies.selectedPropertyId);
    },
    [ownerId],
  );

  const [pickerOpen, setPickerOpen] = useState(false);
  const value = useMemo(
    () => ({ propertyId, setPropertyId, pickerOpen, setPickerOpen }),
    [propertyId, setPropertyId, pickerOpen],
  );
  return <SelectedPropertyContext value={value}>{children}</SelectedPropertyContext>;
}

/**
 * Earlier releases kept the choice in localStorage, bound to no one: it is dropped rather than
 * moved, since nothing tells whose it was. Runs before the app first renders; false, because
 * nothing the server drew changes.
 */
export function moveLegacySelection(): boolean {
  removeStoredValue(storageKeys.selectedPropertyId);
  return false;
}

export function useSelectedProperty(): SelectedPropertyState {
  const state = useContext(SelectedPropertyContext);
  if (!state) throw new Error("useSelectedProperty needs a SelectedPropertyProvider");
  return state;
}
