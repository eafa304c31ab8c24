import { useEffect, useRef, useState } from "react";
import { LoadingStatus } from "../../components/loading-status";

declare global {
  interface Window {
    SwaggerUIBundle?: (options: {
      url: string;
      domNode: HTMLElement;
      deepLinking?: boolean;
    }) => unknown;
  }
}

/** Loads a file of the renderer from this server, once. */
function loadAsset(tag: "script" | "link", source: string): Promise<void> {
  const existing = document.querySelector(`[data-api-docs="${source}"]`);
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const element = document.createElement(tag);
    element.setAttribute("data-api-docs", source);
    if (element instanceof HTMLScriptElement) element.src = source;
    if (element instanceof HTMLLinkElement) {
      element.rel = "stylesheet";
      element.href = source;
    }
    element.addEventListener("load", () => resolve());
    element.addEventListener("error", () => reject(new Error(source)));
    document.head.append(element);
  });
}

/**
 * The REST reference, drawn by Swagger UI from this server's own copy (never a CDN), only when
 * asked for: it is large, and most visitors come for the setup above it.
 */
export function ApiReference() {
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"idle" | "loading" | "ready" | "failed">("idle");

  useEffect(() => {
    if (state !== "loading") return;
    let cancelled = false;
    Promise.all([
      loadAsset("link", "/docs/api/assets/swagger-ui.css"),
      loadAsset("script", "/docs/api/assets/swagger-ui-bundle.js"),
    ])
      .then(() => {
        if (cancelled || !target.current || !window.SwaggerUIBundle) return;
        window.SwaggerUIBundle({
          url: "/api/v1/openapi.json",
          domNode: target.current,
          deepLinking: true,
        });
        setState("ready");
      })
      .catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
    };
  }, [state]);

  return (
    <div className="flex flex-col gap-3">
      {state === "idle" ? (
        <button
          type="button"
          className="w-fit rounded-md border px-3 py-1.5 text-sm hover:bg-accent"
          onClick={() => setState("loading")}
        >
          Show the full reference
        </button>
      ) : null}
      {state === "loading" ? <LoadingStatus>Loading the reference…</LoadingStatus> : null}
      {state === "failed" ? (
        <p className="text-sm text-muted-foreground">
          The reference could not be loaded. The document itself is at{" "}
          <a className="underline underline-offset-4" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>
          .
        </p>
      ) : null}
      {/* Swagger UI draws light only; in dark mode its colours are turned around as a whole. */}
      <div
        ref={target}
        className="min-w-0 overflow-x-auto rounded-md bg-white dark:[filter:invert(0.9)_hue-rotate(180deg)]"
      />
    </div>
  );
}
