import { describe, expect, it } from "vitest";
import type { GoogleChangeHistoryEvent } from "../../../integrations/google/analytics-admin.js";
import { groupSessions, sessionDraft } from "./change-history-sessions.js";

describe("the words of a change-history suggestion", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 9, 14, 9, minute)).toISOString();
  const event = (id: string, minute: number, changes: GoogleChangeHistoryEvent["changes"]) => ({
    id,
    changeTime: at(minute),
    actorType: "USER",
    userActorEmail: "maria@example.com",
    changesFiltered: false,
    changes,
  });
  const keyEvent = {
    resource: "properties/1/keyEvents/5",
    action: "CREATED",
    resourceAfterChange: { keyEvent: { name: "properties/1/keyEvents/5", eventName: "purchase" } },
  };
  const dimension = (id: number, name: string) => ({
    resource: `properties/1/customDimensions/${id}`,
    action: "CREATED",
    resourceAfterChange: { customDimension: { displayName: name, parameterName: name } },
  });

  it("names one change and counts several of a kind", () => {
    const [session] = groupSessions([
      event("3", 20, [dimension(8, "author")]),
      event("1", 0, [keyEvent]),
      event("2", 12, [dimension(7, "plan_tier")]),
    ]);
    const draft = sessionDraft(session!, "Europe/Berlin")!;
    expect(draft.title).toBe("Key event “purchase” created; 2 custom dimensions added");
    expect(draft.itemKey).toBe("change-history:1");
    expect(draft.annotationDate).toEqual({ year: 2026, month: 10, day: 14 });
    expect(draft.description).toBe(
      [
        "Changed in Google Analytics by maria@example.com:",
        "• 11:00 Key event “purchase” created",
        "• 11:12 Custom dimension “plan_tier” added (plan_tier)",
        "• 11:20 Custom dimension “author” added (author)",
        "From the property's change history.",
      ].join("\n"),
    );
    expect(draft.categoryPreset).toBeUndefined();
  });

  it("splits saves 30 minutes apart, and files Google Ads links under campaigns", () => {
    const sessions = groupSessions([
      event("1", 0, [keyEvent]),
      event("2", 30, [
        {
          resource: "properties/1/googleAdsLinks/4",
          action: "CREATED",
          resourceAfterChange: { googleAdsLink: { customerId: "1234567890" } },
        },
      ]),
    ]);
    expect(sessions).toHaveLength(2);
    const ads = sessionDraft(sessions[1]!, "UTC")!;
    expect(ads.title).toBe("Google Ads account 123-456-7890 linked");
    expect(ads.categoryPreset).toBe("campaigns");
  });

  it("says what a settings change was, and names kinds it has no words for", () => {
    const [session] = groupSessions([
      event("1", 0, [
        {
          resource: "properties/1",
          action: "UPDATED",
          resourceBeforeChange: { property: { timeZone: "UTC" } },
          resourceAfterChange: { property: { timeZone: "Europe/Paris" } },
        },
        {
          resource: "properties/1/bigQueryLinks/2",
          action: "CREATED",
          resourceAfterChange: { bigqueryLink: { project: "projects/9" } },
        },
      ]),
    ]);
    expect(sessionDraft(session!, "UTC")!.title).toBe(
      "Time zone changed to Europe/Paris; BigQuery link created",
    );
  });
});
