import { routePaths } from "../../lib/route-paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Loader2, Plus, Trash2 } from "lucide-react";
import { formatLocalDay } from "../../../shared/annotation-dates";
import { useState } from "react";
import {
  apiTokenLifetimes,
  apiTokenNameMaxLength,
  apiTokenScopes,
  type ApiTokenLifetime,
  type ApiTokenListResponse,
  type ApiTokenScope,
  type ApiTokenSummary,
  type CreatedApiTokenResponse,
} from "../../../shared/contracts/api-tokens";
import { Badge } from "../../components/ui/badge";
import { CopyButton } from "../../components/copy-button";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { Dialog, DialogFooter } from "../../components/ui/dialog";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { apiRequest } from "../../lib/api-client";
import { useRevocation } from "../../session/use-revocation";
import { serverErrorMessage } from "../../lib/api-error-message";

const tokensKey = ["/api/account/tokens"] as const;

const scopeWords: Record<ApiTokenScope, string> = {
  "annotations:read": "Read annotations and properties",
  "annotations:write": "Create, change and delete annotations",
  "categories:read": "Read categories",
  "categories:write": "Create, change and delete categories",
};

/** The day a token was made, used or ends, where the reader is. */
const day = (iso: string) => formatLocalDay(iso);

function lifetimeLabel(lifetime: ApiTokenLifetime): string {
  return lifetime === null ? "Never" : `${lifetime} days`;
}

function TokenRow({ token, onRevoke }: { token: ApiTokenSummary; onRevoke: () => void }) {
  const expired = token.expiresAt !== null && new Date(token.expiresAt) <= new Date();
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {token.name}
          {expired ? <Badge variant="outline">Expired</Badge> : null}
        </p>
        <p className="mt-1 font-mono text-xs text-muted-foreground">{token.prefix}…</p>
        <ul aria-label={`What ${token.name} may do`} className="mt-2 flex flex-wrap gap-1.5">
          {token.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="outline" title={scopeWords[scope]}>
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-muted-foreground">
          Created {day(token.createdAt)} ·{" "}
          {token.expiresAt
            ? `${expired ? "Expired" : "Expires"} ${day(token.expiresAt)}`
            : "Never expires"}{" "}
          · {token.lastUsedAt ? `Last used ${day(token.lastUsedAt)}` : "Not used yet"}
        </p>
      </div>
      <Button variant="outline" size="sm" className="self-start" onClick={onRevoke}>
        <Trash2 aria-hidden="true" />
        Revoke
      </Button>
    </li>
  );
}

function CreateTokenDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedApiTokenResponse) => void;
}) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiTokenScope[]>(["annotations:read"]);
  const [lifetime, setLifetime] = useState<ApiTokenLifetime>(90);
  const create = useMutation({
    mutationFn: () =>
      apiRequest<CreatedApiTokenResponse>(tokensKey[0], {
        method: "POST",
        body: { name, scopes, expiresInDays: lifetime },
      }),
    onSuccess: (created) => {
      setName("");
      setScopes(["annotations:read"]);
      onCreated(created);
    },
  });
  const toggle = (scope: ApiTokenScope) =>
    setScopes((held) =>
      held.includes(scope) ? held.filter((s) => s !== scope) : [...held, scope],
    );
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) create.reset();
        onOpenChange(next);
      }}
      title="Create a personal access token"
      description="A token lets a script or another app use Tidemark's REST API as you, within the scopes you choose and your plan's limits."
      submitLabel="Create token"
      submitIcon={<KeyRound aria-hidden="true" />}
      submitDisabled={name.trim() === "" || scopes.length === 0}
      pending={create.isPending}
      onSubmit={() => create.mutate()}
    >
      <div className="flex flex-col gap-4">
        <FormField
          label="Name"
          hint="What the token is for, e.g. 'Release pipeline'."
          error={create.isError ? serverErrorMessage(create.error) : undefined}
        >
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={apiTokenNameMaxLength}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Scopes</legend>
          {apiTokenScopes.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={scopes.includes(scope)}
                onChange={() => toggle(scope)}
              />
              <span>
                <span className="font-mono text-xs">{scope}</span>
                <span className="block text-muted-foreground">{scopeWords[scope]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormField label="Expires after">
          {(control) => (
            <NativeSelect
              {...control}
              value={lifetime === null ? "never" : String(lifetime)}
              onChange={(event) =>
                setLifetime(
                  event.target.value === "never"
                    ? null
                    : (Number(event.target.value) as ApiTokenLifetime),
                )
              }
            >
              {apiTokenLifetimes.map((option) => (
                <option key={String(option)} value={option === null ? "never" : String(option)}>
                  {lifetimeLabel(option)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
    </FormDialog>
  );
}

/** The token itself, shown once, right after it is made. */
function NewTokenDialog({
  created,
  onClose,
}: {
  created: CreatedApiTokenResponse | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Copy your new token"
      description="This is the only time it is shown. Tidemark keeps only a fingerprint of it, so it cannot be shown again: store it in your password manager or your CI's secrets."
    >
      <div className="flex flex-col gap-3">
        <code
          aria-label="Your new token"
          className="rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
        >
          {created?.token}
        </code>
        <DialogFooter>
          {created ? (
            <CopyButton key={created.token} text={created.token} label="Copy token" />
          ) : null}
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </div>
    </Dialog>
  );
}

/**
 * /account's personal access tokens for the REST API: each one's name, scopes, expiry and last
 * use, Revoke, and Create (the token is shown once, then only its first characters).
 */
export function ApiTokensCard() {
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: tokensKey,
    queryFn: ({ signal }) => apiRequest<ApiTokenListResponse>(tokensKey[0], { signal }),
  });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiTokenResponse | null>(null);
  const revocation = useRevocation<ApiTokenSummary>({
    listKey: tokensKey,
    revoke: (token) => apiRequest(`${tokensKey[0]}/${token.id}`, { method: "DELETE" }),
    description: "Anything using it stops working at once. This cannot be undone.",
    confirmLabel: "Revoke token",
    done: (token) => ({ title: "Token revoked", description: `${token.name} no longer works.` }),
  });
  const held = tokens.data?.tokens.length ?? 0;
  const limit = tokens.data?.limit ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Personal access tokens</CardTitle>
        <CardDescription>
          For scripts and other apps using the{" "}
          <a className="underline underline-offset-4" href={routePaths.apiDocs}>
            REST API
          </a>
          : send one in the <code className="text-xs">Authorization: Bearer</code> header.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {tokens.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading tokens…
          </p>
        ) : tokens.isError ? (
          <p className="text-sm text-muted-foreground">
            {serverErrorMessage(tokens.error) ?? "Tokens could not be loaded right now."}
          </p>
        ) : (
          <>
            {held === 0 ? (
              <p className="text-sm text-muted-foreground">No tokens yet.</p>
            ) : (
              <ul aria-label="Personal access tokens" className="divide-y">
                {tokens.data.tokens.map((token) => (
                  <TokenRow key={token.id} token={token} onRevoke={() => revocation.ask(token)} />
                ))}
              </ul>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="outline" onClick={() => setCreating(true)} disabled={held >= limit}>
                <Plus aria-hidden="true" />
                Create token
              </Button>
              <p className="text-xs text-muted-foreground">
                {held} of {limit} tokens in use
                {held >= limit ? ": revoke one to make another" : ""}
              </p>
            </div>
          </>
        )}
      </CardContent>
      <CreateTokenDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(answer) => {
          setCreating(false);
          setCreated(answer);
          void queryClient.invalidateQueries({ queryKey: tokensKey });
        }}
      />
      <NewTokenDialog created={created} onClose={() => setCreated(null)} />
      {revocation.dialog}
    </Card>
  );
}
