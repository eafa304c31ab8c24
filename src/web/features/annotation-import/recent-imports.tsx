import { calendarDateOf, toIsoDate } from "../../../shared/calendar-date";
import { importOutcomeText, type ImportSummary } from "../../../shared/contracts/annotation-import";
import { Button } from "../../components/ui/button";

/** When an import started: its day as YYYY-MM-DD and the time, in the browser's zone. */
function startedText(createdAt: string): string {
  const at = new Date(createdAt);
  if (Number.isNaN(at.getTime())) return "—";
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const time = at.toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: zone,
  });
  return `${toIsoDate(calendarDateOf(at, zone))} ${time}`;
}

export function RecentImports({
  imports,
  onOpen,
}: {
  imports: readonly ImportSummary[];
  onOpen: (id: string) => void;
}) {
  if (imports.length === 0) return null;
  return (
    <section aria-labelledby="recent-imports-heading" className="flex flex-col gap-3">
      <h2 id="recent-imports-heading" className="text-lg font-semibold">
        Your recent imports
      </h2>
      <ul className="divide-y rounded-lg border">
        {imports.map((item) => (
          <li
            key={item.id}
            className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium break-words">{item.fileName}</p>
              <p className="text-xs text-muted-foreground">
                {startedText(item.createdAt)} · {importOutcomeText(item)}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => onOpen(item.id)}
            >
              {item.status === "done" ? "Details" : "Open"}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
