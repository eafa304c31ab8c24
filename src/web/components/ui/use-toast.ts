import { useSyncExternalStore, type ReactNode } from "react";

/**
 * Toast behaviour. One toast at a time keeps messages from stacking over the
 * content on small screens; a newer toast simply replaces the one on screen.
 */
export const toastSettings: {
  limit: number;
  durationMs: number;
  swipeDirection: "right";
  swipeThresholdPx: number;
  hotkey: string[];
} = {
  limit: 1,
  durationMs: 5000,
  swipeDirection: "right",
  swipeThresholdPx: 50,
  /** Radix's default, spelled out so a library change cannot silently move it. */
  hotkey: ["F8"],
};

/** How long a dismissed toast stays mounted so its exit animation can finish. */
const removeDelayMs = 1000;

export type ToastVariant = "default" | "destructive";

export interface ToastActionOptions {
  label: string;
  /** What a screen reader announces for the action (Radix asks for it). */
  altText: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  /**
   * A button beside the words, e.g. "Undo". Given as data, not an element, so the toast library
   * (drawn by the lazily loaded Toaster) stays out of every page's first load.
   */
  action?: ToastActionOptions;
  variant?: ToastVariant;
  /** Overrides toastSettings.durationMs for this toast only. */
  duration?: number;
}

export interface ActiveToast extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

// A module-level store so `toast()` works from anywhere (mutation callbacks, plain functions),
// not only from components that can call a hook.
let activeToasts: readonly ActiveToast[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let idCounter = 0;

function publish(next: readonly ActiveToast[]): void {
  activeToasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): readonly ActiveToast[] {
  return activeToasts;
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    publish(activeToasts.filter((entry) => entry.id !== id));
  }, removeDelayMs);
  removalTimers.set(id, timer);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  for (const entry of activeToasts) {
    if (id === undefined || entry.id === id) scheduleRemoval(entry.id);
  }
  publish(
    activeToasts.map((entry) =>
      id === undefined || entry.id === id ? { ...entry, open: false } : entry,
    ),
  );
}

export function toast(options: ToastOptions): ToastHandle {
  idCounter += 1;
  const id = String(idCounter);
  const entry: ActiveToast = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismissToast(id);
    },
  };
  publish([entry, ...activeToasts].slice(0, toastSettings.limit));

  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) =>
      publish(
        activeToasts.map((current) => (current.id === id ? { ...current, ...next } : current)),
      ),
  };
}

export function useToast(): {
  toasts: readonly ActiveToast[];
  toast: typeof toast;
  dismiss: typeof dismissToast;
} {
  const toasts = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts, toast, dismiss: dismissToast };
}
