import { useMutation } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import {
  apiTokenLifetimes,
  apiTokenNameMaxLength,
  apiTokenScopes,
  type ApiTokenLifetime,
  type ApiTokenScope,
  type CreatedApiTokenResponse,
} from "../../../shared/contracts/api-tokens";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { apiRequest } from "../../lib/api-client";
import { serverErrorMessage } from "../../lib/api-error-message";
import { apiTokensKey, lifetimeLabel, scopeWords } from "./api-tokens";

function ScopeChoices({
  scopes,
  onToggle,
}: {
  scopes: ApiTokenScope[];
  onToggle: (scope: ApiTokenScope) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Scopes</legend>
      {apiTokenScopes.map((scope) => (
        <label key={scope} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={scopes.includes(scope)}
            onChange={() => onToggle(scope)}
          />
          <span>
            <span className="font-mono text-xs">{scope}</span>
            <span className="block text-muted-foreground">{scopeWords[scope]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function LifetimeField({
  lifetime,
  onChange,
}: {
  lifetime: ApiTokenLifetime;
  onChange: (lifetime: ApiTokenLifetime) => void;
}) {
  return (
    <FormField label="Expires after">
      {(control) => (
        <NativeSelect
          {...control}
          value={lifetime === null ? "never" : String(lifetime)}
          onChange={(event) =>
            onChange(
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
  );
}

export function CreateTokenDialog({
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
      apiRequest<CreatedApiTokenResponse>(apiTokensKey[0], {
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
        <ScopeChoices scopes={scopes} onToggle={toggle} />
        <LifetimeField lifetime={lifetime} onChange={setLifetime} />
      </div>
    </FormDialog>
  );
}
