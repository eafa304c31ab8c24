/** Plan toasts, word for word as the product states them. */
export const planMessages = {
  errorTitle: "Error",
  selectedTitle: "Plan selected",
  selectedDescription: "Your subscription plan has been updated.",
  updateFailed: "Failed to update subscription plan",
  autoApplyFailed: "Failed to apply selected plan",
} as const;

/** Mode selection opens this long after a plan is chosen, so the toast can be read. */
export const modeSelectionDelayMs = 500;
