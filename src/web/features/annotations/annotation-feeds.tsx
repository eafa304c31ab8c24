import { formatLocalDay } from "../../../shared/annotation-dates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Loader2, Rss, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  feedNameMaxLength,
  type CreatedFeedResponse,
  type FeedListResponse,
  type FeedSummary,
} from "../../../shared/contracts/feeds";
import { CopyButton } from "../../components/copy-button";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { apiRequest } from "../../lib/api-client";
import { useRevocation } from "../../session/use-revocation";
import { serverErrorMessage } from "../../lib/api-error-message";
import { useSavedProperties } from "../../session/saved-properties";

// The live feeds of an Export dialog: Property View's and All annotations' alike.

const feedsKey = ["/api/account/feeds"] as const;

function FeedRow({
  feed,
  names,
  onRevoke,
}: {
  feed: FeedSummary;
  names: ReadonlyMap<string, string>;
  onRevoke: () => void;
}) {
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words">{feed.name}</p>
        <p className="text-xs break-words text-muted-foreground">
          {feed.propertyIds.map((id) => names.get(id) ?? id).join(", ")}
        </p>
        <p className="mt-1 font-mono text-xs text-muted-foreground">
          …/api/feeds/{feed.prefix}… ·{" "}
          {feed.lastReadAt ? `read ${formatLocalDay(feed.lastReadAt)}` : "not read yet"}
        </p>
      </div>
      <Button variant="outline" size="sm" className="self-start" onClick={onRevoke}>
        <Trash2 aria-hidden="true" />
        Revoke
      </Button>
    </li>
  );
}

/** A new feed's address, shown this once, to copy. */
function CreatedFeed({ created, onDone }: { created: CreatedFeedResponse; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3">
      <p className="text-sm font-medium">
        Copy the address of {created.feed.name} now: it is shown only once.
      </p>
      <code
        aria-label="Your new feed's address"
        className="rounded-md border bg-background px-2 py-1.5 font-mono text-xs break-all"
      >
        {created.url}
      </code>
      <div className="flex flex-wrap gap-2">
        <CopyButton key={created.url} text={created.url} label="Copy address" size="sm" />
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** A new feed: its name and the saved properties it serves. */
function FeedForm({
  name,
  onNameChange,
  properties,
  chosen,
  onToggle,
  error,
  pending,
  onCreate,
}: {
  name: string;
  onNameChange: (name: string) => void;
  properties: readonly { propertyId: string; name: string }[];
  chosen: readonly string[];
  onToggle: (propertyId: string) => void;
  /** Why the last create failed, or null. */
  error: unknown;
  pending: boolean;
  onCreate: () => void;
}) {
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onCreate();
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Feed name
        <Input
          value={name}
          maxLength={feedNameMaxLength}
          placeholder="e.g. Marketing dashboard"
          autoComplete="off"
          onChange={(event) => onNameChange(event.target.value)}
        />
      </label>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-medium">Properties</legend>
        {properties.map((property) => (
          <label key={property.propertyId} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen.includes(property.propertyId)}
              onChange={() => onToggle(property.propertyId)}
            />
            <span className="min-w-0 break-words">{property.name}</span>
          </label>
        ))}
      </fieldset>
      {error !== null ? (
        <p role="alert" className="text-sm text-destructive">
          {serverErrorMessage(error) ?? "The feed could not be made. Please try again."}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="outline"
        className="self-start"
        disabled={name.trim() === "" || chosen.length === 0 || pending}
      >
        {pending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Rss aria-hidden="true" />
        )}
        Create feed
      </Button>
    </form>
  );
}

/**
 * The feeds card: a secret address serving chosen saved properties' annotations as CSV, for
 * Google Sheets' IMPORTDATA and Looker Studio. The address is shown once, when it is made. It
 * starts with the properties the export was opened on ticked.
 */
export function FeedsSection({ propertyIds }: { propertyIds: readonly string[] }) {
  const queryClient = useQueryClient();
  const saved = useSavedProperties();
  const feeds = useQuery({
    queryKey: feedsKey,
    queryFn: ({ signal }) => apiRequest<FeedListResponse>(feedsKey[0], { signal }),
  });
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string[]>(() => [...propertyIds]);
  const [created, setCreated] = useState<CreatedFeedResponse | null>(null);
  const names = new Map((saved.data ?? []).map((p) => [p.propertyId, p.name]));
  const create = useMutation({
    mutationFn: () =>
      apiRequest<CreatedFeedResponse>(feedsKey[0], {
        method: "POST",
        body: { name, propertyIds: chosen },
      }),
    onSuccess: async (answer) => {
      setName("");
      setCreated(answer);
      await queryClient.invalidateQueries({ queryKey: feedsKey });
    },
  });
  const revocation = useRevocation<FeedSummary>({
    listKey: feedsKey,
    revoke: (feed) => apiRequest(`${feedsKey[0]}/${feed.id}`, { method: "DELETE" }),
    description:
      "Sheets and dashboards reading it stop getting annotations at once. This cannot be undone.",
    confirmLabel: "Revoke feed",
    done: (feed) => ({ title: "Feed revoked", description: `${feed.name} no longer answers.` }),
  });
  const toggle = (id: string) =>
    setChosen((held) => (held.includes(id) ? held.filter((p) => p !== id) : [...held, id]));

  return (
    <section aria-labelledby="feeds-heading" className="flex flex-col gap-3 border-t pt-4">
      <div>
        <h3 id="feeds-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Rss className="size-4" aria-hidden="true" />
          Live feed for Google Sheets and Looker Studio
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          A secret address serving these annotations as CSV, always current. In Sheets:{" "}
          <code className="text-xs">=IMPORTDATA("address")</code>. Anyone with the address can read
          the feed; revoke it if it leaks.
        </p>
      </div>
      {created ? (
        <CreatedFeed created={created} onDone={() => setCreated(null)} />
      ) : (
        <FeedForm
          name={name}
          onNameChange={setName}
          properties={saved.data ?? []}
          chosen={chosen}
          onToggle={toggle}
          error={create.isError ? create.error : null}
          pending={create.isPending}
          onCreate={() => create.mutate()}
        />
      )}
      {feeds.data && feeds.data.feeds.length > 0 ? (
        <ul aria-label="Your feeds" className="divide-y">
          {feeds.data.feeds.map((feed) => (
            <FeedRow
              key={feed.id}
              feed={feed}
              names={names}
              onRevoke={() => revocation.ask(feed)}
            />
          ))}
        </ul>
      ) : null}
      {revocation.dialog}
    </section>
  );
}
