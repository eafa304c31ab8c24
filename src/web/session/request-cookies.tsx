import { createContext, useContext, type ReactNode } from "react";

/**
 * The Cookie header of the request a page is drawn for on the server. In the browser there is
 * none, and cookies are read from `document.cookie`, which has the same "name=value; …" form: so
 * the server's first render of a signed-in page and the browser's hydration of it read the same
 * preferences through the same code, and agree.
 */
const RequestCookiesContext = createContext<string | null>(null);

export function RequestCookiesProvider({
  cookieHeader,
  children,
}: {
  cookieHeader: string;
  children: ReactNode;
}) {
  return <RequestCookiesContext value={cookieHeader}>{children}</RequestCookiesContext>;
}

/** The cookies this render can see: the request's on the server, the document's in a browser. */
export function useCookieHeader(): string {
  const fromRequest = useContext(RequestCookiesContext);
  if (fromRequest !== null) return fromRequest;
  return typeof document === "undefined" ? "" : document.cookie;
}
