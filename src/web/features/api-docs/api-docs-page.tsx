import { BookOpen, Bot, KeyRound } from "lucide-react";
import { apiTokenScopes } from "../../../shared/contracts/api-tokens";
import { mcpOAuthPaths, scopeDescriptions } from "../../../shared/oauth";
import { BackLink } from "../../components/back-link";
import { CopyButton } from "../../components/copy-button";
import { PageHeading } from "../../components/page-heading";
import { TitledCard } from "../../components/titled-card";
import { useOrigin } from "../../components/use-origin";
import { routePaths } from "../../lib/route-paths";
import { useCurrentUser } from "../../session/current-user";
import { ApiReference } from "./api-reference";

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
      <PageHeading title="Tidemark for AI assistants and scripts">
        Connect an AI assistant to manage your GA4 annotations by chat, or call the REST API from
        your own scripts.
      </PageHeading>

      <TitledCard
        title={
          <>
            <Bot className="size-5" aria-hidden="true" />
            Connect an AI assistant
          </>
        }
        titleProps={{ className: "flex items-center gap-2" }}
        description="Tidemark is a remote MCP server. Your assistant asks you to sign in and shows what it wants to do; you choose what to allow (reading only, unless you tick more), and each deletion waits for your approval."
        contentClassName="flex flex-col gap-6"
      >
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
      </TitledCard>

      <TitledCard
        title={
          <>
            <KeyRound className="size-5" aria-hidden="true" />
            REST API
          </>
        }
        titleProps={{ className: "flex items-center gap-2" }}
        description={
          <>
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
          </>
        }
      >
        <h3 className="mb-3 flex items-center gap-2 text-sm font-medium">
          <BookOpen className="size-4" aria-hidden="true" />
          Reference
        </h3>
        <ApiReference />
      </TitledCard>
    </div>
  );
}
