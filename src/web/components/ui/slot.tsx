import { cloneElement, isValidElement, type HTMLAttributes, type ReactNode } from "react";
import { cn } from "../../lib/class-names";

/**
 * Puts its props on its one child element instead of drawing an element of its own (a Button
 * drawn as a router Link, keeping the link's semantics). The child's own props win, except that
 * classes and styles are joined and a handler both give runs both, the child's first. Our own, in
 * the few lines it takes: a library's version was a kilobyte on every page's first load.
 */
export function Slot({
  children,
  ...props
}: HTMLAttributes<HTMLElement> & { children?: ReactNode; [prop: string]: unknown }) {
  if (!isValidElement<Record<string, unknown>>(children)) return null;
  const own = children.props;
  const merged: Record<string, unknown> = { ...props, ...own };
  for (const [key, given] of Object.entries(props)) {
    const child = own[key];
    if (/^on[A-Z]/.test(key) && typeof given === "function" && typeof child === "function")
      merged[key] = (...args: unknown[]) => {
        (child as (...args: unknown[]) => void)(...args);
        (given as (...args: unknown[]) => void)(...args);
      };
  }
  merged.className = cn(props.className, own.className as string | undefined);
  if (props.style || own.style) merged.style = { ...props.style, ...(own.style as object) };
  return cloneElement(children, merged);
}
