import type { ComponentProps } from "react";
import { preloadable } from "../../lib/preloadable";
import type { ConfirmDialog } from "./confirm-dialog";

const LoadedConfirmDialog = preloadable(
  () => import("./confirm-dialog").then((module) => module.ConfirmDialog),
  null,
);

/**
 * ConfirmDialog for a screen whose first load is kept small (the dashboard and its header): the
 * dialog's code is fetched when it first opens, or before, with `preloadConfirmDialog`, once the
 * control that opens it is reached. Closed, it draws nothing, as ConfirmDialog does.
 */
export function DeferredConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  return props.open ? <LoadedConfirmDialog.Component {...props} /> : null;
}

/** Starts fetching the dialog's code (a pointer or focus on what opens it). */
export function preloadConfirmDialog(): void {
  LoadedConfirmDialog.preload().catch(() => undefined);
}
