import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import {
  readStoredValue,
  removeStoredValue,
  storageKeys,
  writeStoredValue,
} from "../lib/storage-keys";

interface SelectedPropertyState {
  /** The GA4 property id being worked on; "" when none is chosen. */
  propertyId: string;
  setPropertyId: (propertyId: string) => void;
}

const SelectedPropertyContext = createContext<SelectedPropertyState | null>(null);

/** The selected property id, shared by the header's picker and the page, kept in localStorage. */
export function SelectedPropertyProvider({ children }: { children: ReactNode }) {
  const [propertyId, setState] = useState(
    () => readStoredValue(storageKeys.selectedPropertyId) ?? "",
  );
  const setPropertyId = useCallback((next: string) => {
    setState(next);
    if (next) writeStoredValue(storageKeys.selectedPropertyId, next);
    else removeStoredValue(storageKeys.selectedPropertyId);
  }, []);
  const value = useMemo(() => ({ propertyId, setPropertyId }), [propertyId, setPropertyId]);
  return <SelectedPropertyContext value={value}>{children}</SelectedPropertyContext>;
}

export function useSelectedProperty(): SelectedPropertyState {
  const state = useContext(SelectedPropertyContext);
  if (!state) throw new Error("useSelectedProperty needs a SelectedPropertyProvider");
  return state;
}
