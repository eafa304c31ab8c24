import { useCallback, useLayoutEffect, useRef, useState } from "react";

function caretFor(text: string): number {
  const quotes = text.indexOf('""');
  return quotes === -1 ? text.length : quotes + 1;
}

/** The chat's input box: its text, and `fill`, which puts text in it with the caret placed. */
export function useChatInput() {
  const [input, setInput] = useState("");
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const caretRef = useRef<number | null>(null);

  // Applies a requested caret position once the new input value is on screen.
  useLayoutEffect(() => {
    const caret = caretRef.current;
    const element = textareaRef.current;
    if (caret === null || !element) return;
    caretRef.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  }, [input]);

  const fill = useCallback((text: string) => {
    caretRef.current = caretFor(text);
    setInput(text);
    // Same text again: no re-render would move the caret, so do it here.
    const element = textareaRef.current;
    if (element && element.value === text) {
      caretRef.current = null;
      element.focus();
      element.setSelectionRange(caretFor(text), caretFor(text));
    }
  }, []);

  return { input, setInput, textareaRef, fill };
}
