import { Fragment } from "react";

/**
 * An address that, when it must wrap, wraps before its "@" or a dot ("victoria.longname" /
 * "@example.com"), and mid-word only when a single part is wider than the line.
 */
export function WrappingEmail({ email, className }: { email: string; className?: string }) {
  return (
    <span className={["[overflow-wrap:anywhere]", className].filter(Boolean).join(" ")}>
      {email.split(/(?=[@.])/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
