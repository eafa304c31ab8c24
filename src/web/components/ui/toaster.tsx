import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "./toast";
import { toastSettings, useToast } from "./use-toast";

/** Renders whatever `toast()` has queued. Mount once, at the app root. */
export function Toaster() {
  const { toasts } = useToast();

  return (
    <ToastProvider
      duration={toastSettings.durationMs}
      swipeDirection={toastSettings.swipeDirection}
      swipeThreshold={toastSettings.swipeThresholdPx}
    >
      {toasts.map(({ id, title, description, action, variant, ...rootProps }) => (
        <Toast key={id} variant={variant} {...rootProps}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action ? (
            <ToastAction altText={action.altText} onClick={action.onClick}>
              {action.label}
            </ToastAction>
          ) : null}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={toastSettings.hotkey} />
    </ToastProvider>
  );
}
