import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button, type ButtonProps } from "./ui/button";

/**
 * Copies a secret shown once (a token, a feed's address, a webhook's secret) and says so. Where
 * the clipboard is not available (an insecure origin) nothing happens: the text stays selectable.
 */
export function CopyButton({
  text,
  label,
  size,
}: {
  text: string;
  /** What is copied, as the button says it: "Copy token", "Copy secret". */
  label: string;
  size?: ButtonProps["size"];
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? "Copied" : label}
    </Button>
  );
}
