import { BookOpen, Bot, KeyRound, Loader2 } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { apiTokenScopes } from "../../../shared/contracts/api-tokens";
import { mcpOAuthPaths, scopeDescriptions } from "../../../shared/oauth";
import { BackLink } from "../../components/back-link";
import { CopyButton } from "../../components/copy-button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { routePaths } from "../../lib/route-paths";
import { useCurrentUser } from "../../session/current-user";

const noChanges = () => () => {};
/** This site's origin once in the browser; the pre-rendered page says the path only. */
function useOrigin(): string {
  return useSyncExternalStore(
    noChanges,
    () => window.location.origin,
    () => "",
  );
}

/** Each AI client's own way to add a remote MCP server, for Tidemark's address. */
export function clientSetups(mcpUrl: string) {
  return [
    {
      name: "Claude (claude.ai and Claude Desktop)",
      steps:
        "Settings → Connectors → Add custom connector. Name it Tidemark and paste the address; Claude opens Tidemark to ask you to allow it.",
      code: mcpUrl,
    },
    {
      name: "Claude Code",
      steps: "Run this in a terminal, then /mcp in Claude Code to sign in.",
      code: `claude mcp add --transport http tidemark ${mcpUrl}`,
    },
    {
      name: "Cursor",
      steps:
        "Add this to ~/.cursor/mcp.json (or the project's .cursor/mcp.json), then press Connect beside Tidemark under Settings → MCP.",
      code: JSON.stringify({ mcpServers: { tidemark: { url: mcpUrl } } }, null, 2),
    },
    {
      name: "VS Code",
      steps:
        "Add this to .vscode/mcp.json in your workspace (or run “MCP: Add Server…”), then Start it.",
      code: JSON.stringify({ servers: { tidemark: { type: "http", url: mcpUrl } } }, null, 2),
    },
  ];
}

function Snippet({ code, label }: { code: string; label: string }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <pre className="min-w-0 flex-1 overflow-x-auto rounded-md bg-muted px-3 py-2 text-xs text-foreground">
        <code>{code}</code>
      </pre>
      <CopyButton text={code} label={label} size="sm" />
    </div>
  );
}

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
function ApiReference() {
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
      {state === "loading" ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading the reference…
        </p>
      ) : null}
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

/**
 * /docs/api: how to connect an AI assistant to Tidemark's MCP server, what each kind of access
 * allows, and the REST API with its reference — inside the product's own frame.
 */
export function ApiDocsPage() {
  const origin = useOrigin();
  const { user } = useCurrentUser();
  const mcpUrl = `${origin || "https://your-tidemark"}${mcpOAuthPaths.mcp}`;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      {user ? <BackLink href={routePaths.dashboard}>Back to Dashboard</BackLink> : null}
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          Tidemark for AI assistants and scripts
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Connect an AI assistant to manage your GA4 annotations by chat, or call the REST API from
          your own scripts.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Bot className="size-5" aria-hidden="true" />
            Connect an AI assistant
          </CardTitle>
          <CardDescription>
            Tidemark is a remote MCP server. Your assistant asks you to sign in and shows what it
            wants to do; you choose what to allow (reading only, unless you tick more), and each
            deletion waits for your approval.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-medium">The MCP server's address</h3>
            <Snippet code={mcpUrl} label="Copy address" />
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-medium">What each kind of access allows</h3>
            <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
              {apiTokenScopes.map((scope) => (
                <div key={scope} className="contents">
                  <dt>
                    <code className="text-xs">{scope}</code>
                  </dt>
                  <dd className="text-muted-foreground">{scopeDescriptions[scope]}</dd>
                </div>
              ))}
            </dl>
          </div>
          {clientSetups(mcpUrl).map((setup) => (
            <section key={setup.name} aria-label={setup.name} className="flex flex-col gap-2">
              <h3 className="text-sm font-medium">{setup.name}</h3>
              <p className="text-sm text-muted-foreground">{setup.steps}</p>
              <Snippet code={setup.code} label="Copy" />
            </section>
          ))}
          <p className="text-sm text-muted-foreground">
            See and narrow what each app may do, or disconnect it, under{" "}
            <a className="underline underline-offset-4" href={routePaths.account}>
              Account → Connected apps
            </a>
            .
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <KeyRound className="size-5" aria-hidden="true" />
            REST API
          </CardTitle>
          <CardDescription>
            For your own scripts: make a personal access token under{" "}
            <a className="underline underline-offset-4" href={routePaths.account}>
              Account
            </a>{" "}
            and send it as <code className="text-xs">Authorization: Bearer …</code> to{" "}
            <code className="text-xs">{origin}/api/v1</code>. A token does only what its scopes
            allow. The OpenAPI document is at{" "}
            <a className="underline underline-offset-4" href="/api/v1/openapi.json">
              /api/v1/openapi.json
            </a>
            .
          </CardDescription>
        </CardHeader>
        <CardContent>
          <h3 className="mb-3 flex items-center gap-2 text-sm font-medium">
            <BookOpen className="size-4" aria-hidden="true" />
            Reference
          </h3>
          <ApiReference />
        </CardContent>
      </Card>
    </div>
  );
}
