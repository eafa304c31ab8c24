import type { FastifyInstance } from "fastify";

/** `inlineScripts`: the hashes of the inline scripts the pages carry (the pre-paint theme script). */
function contentSecurityPolicy(inlineScripts: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(" "),
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Profile pictures come from Google (or the sandbox) over https or as data URLs.
    "img-src 'self' data: https: http://localhost:*",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Baseline browser protections on every response; API answers are never cached. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean; inlineScriptHashes?: readonly string[] },
): void {
  const policy = contentSecurityPolicy(options.inlineScriptHashes ?? []);
  const everyResponse: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    ...(options.production
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
  // A callback hook, not an async one: it runs on every response and has nothing to wait for.
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.headers(everyResponse);
    if (request.url.startsWith("/api/")) {
      reply.header("Cache-Control", "no-store");
    } else {
      const type = reply.getHeader("content-type");
      if (typeof type === "string" && type.startsWith("text/html")) {
        reply.header("Content-Security-Policy", policy);
      }
    }
    done(null, payload);
  });
}
