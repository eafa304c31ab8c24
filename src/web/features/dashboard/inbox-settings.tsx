import { Lock, Trash2 } from "lucide-react";
import { createContext, useContext, useState, type FormEvent } from "react";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { CreatedHook, InboxRule } from "../../../shared/contracts/suggestions";
import {
  lockedSourceMessage,
  filedUnderWords,
  suggestionSourceInfo,
  type SuggestionSourceKind,
} from "../../../shared/suggestion-sources";
import { capabilitiesOf } from "../../../shared/plans";
import { CopyButton } from "../../components/copy-button";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useCategories } from "../../session/categories";
import {
  useCreateHook,
  useCreateRule,
  useDeleteHook,
  useDeleteRule,
  useHolidayChoices,
  useInboxSettings,
  useSetHolidayCalendar,
} from "./inbox-api";

function failed(title: string) {
  return (error: unknown) =>
    toast({
      variant: "destructive",
      title,
      description: serverErrorMessage(error) ?? "Please try again in a moment.",
    });
}

/**
 * The name of the person's own category a source's suggestions are filed under, or null when
 * they have none for it (nothing is filed then, so a rule must not promise a category).
 */
const FiledUnderContext = createContext<(kind: SuggestionSourceKind) => string | null>(() => null);

/** The inbox's sources for the property: the holiday calendar, webhooks and rules. */
export function InboxSettingsPanel({
  user,
  propertyId,
  sources,
}: {
  user: CurrentUser;
  propertyId: string;
  sources: { kind: SuggestionSourceKind; available: boolean }[];
}) {
  const settings = useInboxSettings(propertyId, true);
  const available = (kind: SuggestionSourceKind) =>
    sources.find((source) => source.kind === kind)?.available ?? false;
  const rules = settings.data?.rules ?? [];
  const categories = useCategories({
    enabled: capabilitiesOf(user.subscriptionTier).canUseCategories,
  });
  const filedUnder = (kind: SuggestionSourceKind) => filedUnderWords(kind, categories.data ?? []);

  return (
    <FiledUnderContext value={filedUnder}>
      <div className="grid gap-4 rounded-lg border p-4 md:grid-cols-2">
        <HolidayCalendarSettings
          // Starts from the stored calendar once it has loaded.
          key={
            settings.isPending ? "loading" : JSON.stringify(settings.data?.holidayCalendar ?? null)
          }
          propertyId={propertyId}
          calendar={settings.data?.holidayCalendar ?? null}
          rules={rules}
        />
        <section aria-labelledby="webhooks-heading" className="flex flex-col gap-3">
          <h3 id="webhooks-heading" className="font-medium">
            Release webhooks
          </h3>
          {available("release-webhook") ? (
            <WebhookSettings
              propertyId={propertyId}
              hooks={settings.data?.hooks ?? []}
              rules={rules}
            />
          ) : (
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {lockedSourceMessage("release-webhook")}
            </p>
          )}
        </section>
        <section aria-labelledby="changes-heading" className="flex flex-col gap-2 md:col-span-2">
          <h3 id="changes-heading" className="font-medium">
            Unexplained changes
          </h3>
          <p className="text-sm text-muted-foreground">
            {suggestionSourceInfo["unexplained-change"].summary} Read when the property is saved and
            every hour.
          </p>
          <RuleToggle
            propertyId={propertyId}
            source="unexplained-change"
            origin={null}
            rules={rules}
          />
        </section>
      </div>
    </FiledUnderContext>
  );
}

function RuleToggle({
  propertyId,
  source,
  origin,
  rules,
  label,
}: {
  propertyId: string;
  source: SuggestionSourceKind;
  origin: string | null;
  rules: InboxRule[];
  label?: string;
}) {
  const create = useCreateRule(propertyId);
  const remove = useDeleteRule(propertyId);
  const rule = rules.find((entry) => entry.source === source && entry.origin === origin);
  const category = useContext(FiledUnderContext)(source);
  const into = category ? ` into ${category}` : "";
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4"
        checked={rule !== undefined}
        disabled={create.isPending || remove.isPending}
        onChange={(event) => {
          if (event.target.checked)
            create.mutate({ source, origin }, { onError: failed("Could not add the rule") });
          else if (rule) remove.mutate(rule.id, { onError: failed("Could not remove the rule") });
        }}
      />
      <span>
        {label ?? "Always accept these"}
        {into} (within your daily limit)
      </span>
    </label>
  );
}

function HolidayCalendarSettings({
  propertyId,
  calendar,
  rules,
}: {
  propertyId: string;
  calendar: { country: string; region: string | null } | null;
  rules: InboxRule[];
}) {
  const [country, setCountry] = useState(calendar?.country ?? "");
  const [region, setRegion] = useState(calendar?.region ?? "");
  const choices = useHolidayChoices(country, true);
  const save = useSetHolidayCalendar(propertyId);
  const countries = Object.entries(choices.data?.countries ?? {}).sort((a, b) =>
    a[1].localeCompare(b[1]),
  );
  const regions = Object.entries(choices.data?.regions ?? {});

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(country ? { country, region: region || null } : null, {
      onSuccess: (answer) =>
        toast({
          title: answer?.holidayCalendar ? "Holiday calendar saved" : "Holiday calendar turned off",
          ...(answer?.holidayCalendar
            ? { description: "The last 90 days of holidays will be in the inbox within a minute." }
            : {}),
        }),
      onError: failed("Could not save the holiday calendar"),
    });
  }

  return (
    <section aria-labelledby="holidays-heading" className="flex flex-col gap-3">
      <h3 id="holidays-heading" className="font-medium">
        Public holidays
      </h3>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <label className="flex flex-col gap-1 text-sm">
          Country
          <NativeSelect
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
              setRegion("");
            }}
          >
            <option value="">None (off)</option>
            {countries.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </label>
        {regions.length > 0 ? (
          <label className="flex flex-col gap-1 text-sm">
            Region (optional)
            <NativeSelect value={region} onChange={(event) => setRegion(event.target.value)}>
              <option value="">Whole country</option>
              {regions.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </label>
        ) : null}
        <div>
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save calendar
          </Button>
        </div>
      </form>
      <RuleToggle propertyId={propertyId} source="holidays" origin={null} rules={rules} />
    </section>
  );
}

/** A new webhook's address and secret, shown this once, to copy. */
function CreatedHookSecret({ created }: { created: CreatedHook }) {
  return (
    <div role="status" className="flex flex-col gap-1 rounded-md border bg-muted p-3 text-sm">
      <p className="font-medium">Copy the secret now: it is shown only once.</p>
      <p className="break-all">
        Address: <code>{created.url}</code>
      </p>
      <p className="break-all">
        Secret: <code>{created.secret}</code>
      </p>
      <div className="flex flex-wrap gap-2 pt-1">
        <CopyButton key={created.url} text={created.url} label="Copy address" size="sm" />
        <CopyButton key={created.secret} text={created.secret} label="Copy secret" size="sm" />
      </div>
    </div>
  );
}

interface Hook {
  id: string;
  name: string;
  url: string;
}

/** The property's webhooks, each with its address, Delete and its rule. */
function HookList({
  propertyId,
  hooks,
  rules,
  onDelete,
}: {
  propertyId: string;
  hooks: Hook[];
  rules: InboxRule[];
  onDelete: (hook: Hook) => void;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {hooks.map((hook) => (
        <li key={hook.id} className="flex flex-col gap-1 rounded-md border p-2 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium">{hook.name}</span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete webhook ${hook.name}`}
              onClick={() => onDelete(hook)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
          <code className="text-xs break-all text-muted-foreground">{hook.url}</code>
          <RuleToggle
            propertyId={propertyId}
            source="release-webhook"
            origin={hook.id}
            rules={rules}
            label="Always accept releases from this hook"
          />
        </li>
      ))}
    </ul>
  );
}

function WebhookSettings({
  propertyId,
  hooks,
  rules,
}: {
  propertyId: string;
  hooks: { id: string; name: string; url: string }[];
  rules: InboxRule[];
}) {
  const [name, setName] = useState("");
  const [created, setCreated] = useState<CreatedHook | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const create = useCreateHook(propertyId);
  const remove = useDeleteHook(propertyId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: (hook) => {
        setCreated(hook);
        setName("");
      },
      onError: failed("Could not create the webhook"),
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Point a GitHub webhook (events: Releases, Deployment statuses; content type JSON) or any
        pipeline at the address, signed with the secret.
      </p>
      {created ? <CreatedHookSecret created={created} /> : null}
      {hooks.length > 0 ? (
        <HookList
          propertyId={propertyId}
          hooks={hooks}
          rules={rules}
          onDelete={(hook) => setDeleting(hook.id)}
        />
      ) : null}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          New webhook name
          <Input
            value={name}
            maxLength={100}
            placeholder="e.g. Shop deploys"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <Button type="submit" size="sm" disabled={create.isPending || !name.trim()}>
          Create webhook
        </Button>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this webhook?"
        description="Deliveries to its address will be refused. Suggestions already in the inbox stay."
        confirmLabel="Delete webhook"
        onConfirm={() => {
          if (deleting)
            remove.mutate(deleting, {
              onSettled: () => setDeleting(null),
              onError: failed("Could not delete the webhook"),
            });
        }}
      />
    </div>
  );
}
