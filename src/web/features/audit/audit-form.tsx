import { Loader2, Sparkles } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { parseIsoDate } from "../../../shared/calendar-date";
import type { SavedPropertyView } from "../../../shared/contracts/properties";
import { Button } from "../../components/ui/button";
import { DateInput, dateFormatMessage } from "../../components/ui/date-input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api-error-message";
import { createAudit, startAudit, useSavedPropertiesForAudit } from "./audits-api";

export const startFailedMessage = "The audit could not be started. Nothing was reviewed.";

const fieldClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm";

/**
 * Creates the audit, then starts it. `onStarted` gets the new audit's id and, when it exists but
 * did not start, why; an audit that could not be created is only a toast.
 */
function useStartAudit(onStarted: (id: string, problem: string | null) => void) {
  const [pending, setPending] = useState(false);

  async function start(propertyId: string, startDate: string, endDate: string) {
    setPending(true);
    let id: string;
    try {
      const created = await createAudit({
        propertyId,
        ...(startDate ? { startDate } : {}),
        ...(endDate ? { endDate } : {}),
      });
      id = created.session.id;
      toast({ title: "Audit created", description: "Starting AI analysis of your annotations..." });
    } catch (error) {
      toast({
        title: "Failed to create audit",
        description: serverErrorMessage(error) ?? "Please try again.",
        variant: "destructive",
      });
      setPending(false);
      return;
    }
    let problem: string | null = null;
    try {
      await startAudit(id);
    } catch (error) {
      // The audit exists but never started: its view says so and offers to start it again.
      problem = serverErrorMessage(error) ?? startFailedMessage;
    }
    setPending(false);
    onStarted(id, problem);
  }

  return { pending, start };
}

function PropertySelect({
  properties,
  loading,
  value,
  onChange,
}: {
  properties: SavedPropertyView[];
  loading: boolean;
  value: string;
  onChange: (propertyId: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>GA4 property</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={fieldClass}
      >
        <option value="">
          {loading
            ? "Loading your properties..."
            : properties.length === 0
              ? "No saved properties: add one on the dashboard"
              : "Select a property"}
        </option>
        {properties.map((property) => (
          <option key={property.propertyId} value={property.propertyId}>
            {property.name ? `${property.name} (${property.propertyId})` : property.propertyId}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateField({
  label,
  calendarLabel,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  calendarLabel: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <DateInput
        id={id}
        value={value}
        min={min}
        max={max}
        calendarLabel={calendarLabel}
        aria-invalid={value !== "" && !parseIsoDate(value) ? true : undefined}
        onChange={onChange}
      />
    </div>
  );
}

/** 'Audit a property': the property and, optionally, the dates whose annotations are read. */
export function AuditForm({
  onStarted,
  initialPropertyId,
}: {
  /** `problem` is why starting failed, or null when it started. */
  onStarted: (id: string, problem: string | null) => void;
  initialPropertyId: string;
}) {
  const saved = useSavedPropertiesForAudit();
  const [propertyId, setPropertyId] = useState(initialPropertyId);
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const { pending, start } = useStartAudit(onStarted);
  const properties = saved.data ?? [];
  const chosen = properties.some((p) => p.propertyId === propertyId) ? propertyId : "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      toast({
        title: "Property required",
        description: "Please select a GA4 property to audit",
        variant: "destructive",
      });
      return;
    }
    if ((startDate && !parseIsoDate(startDate)) || (endDate && !parseIsoDate(endDate))) {
      toast({ title: "Check the dates", description: dateFormatMessage, variant: "destructive" });
      return;
    }
    void start(chosen, startDate, endDate);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5 rounded-xl border bg-card p-5 shadow-xs">
      <div>
        <h2 className="text-lg font-semibold">Audit a property</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          The audit reads the property&apos;s annotations and suggests clearer titles, descriptions,
          colours and categories. Nothing changes in Google Analytics until you apply the
          suggestions you accept.
        </p>
      </div>
      <PropertySelect
        properties={properties}
        loading={saved.isLoading}
        value={chosen}
        onChange={setPropertyId}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label="Start date (optional)"
          calendarLabel="Choose the start date from a calendar"
          value={startDate}
          max={parseIsoDate(endDate) ? endDate : undefined}
          onChange={setStartDate}
        />
        <DateField
          label="End date (optional)"
          calendarLabel="Choose the end date from a calendar"
          value={endDate}
          min={parseIsoDate(startDate) ? startDate : undefined}
          onChange={setEndDate}
        />
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">
        Leave the dates blank to audit every annotation; annotations outside the dates are left out.
      </p>
      <Button type="submit" className="self-start" disabled={pending}>
        {pending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Sparkles aria-hidden="true" />
        )}
        Start AI Audit
      </Button>
    </form>
  );
}
