import { describe, expect, it } from "vitest";
import { categoryPresets } from "./categories.js";
import {
  filedUnderWords,
  suggestionSourceInfo,
  trafficChangePresets,
} from "./suggestion-sources.js";

function categoryOf(key: (typeof categoryPresets)[number]["key"]) {
  const preset = categoryPresets.find((entry) => entry.key === key)!;
  return { name: preset.name, titleTemplate: preset.titleTemplate };
}

describe("where unexplained changes are filed", () => {
  it("files a rise in traffic with campaigns, never as an incident, and a drop with incidents", () => {
    expect(trafficChangePresets.spike).toBe("campaigns");
    expect(trafficChangePresets.drop).toBe("incidents");
    const spike = categoryPresets.find((preset) => preset.key === trafficChangePresets.spike)!;
    expect(spike.prefix).not.toBe("INCIDENT");
    expect(spike.color).not.toBe("RED");
  });

  it("names each kind's category in the inbox settings, only those the person has", () => {
    const both = [categoryOf("campaigns"), categoryOf("incidents")];
    expect(filedUnderWords("unexplained-change", both)).toBe(
      "Campaigns & Promos (rises) or Incidents/Outages (drops)",
    );
    expect(filedUnderWords("unexplained-change", [categoryOf("incidents")])).toBe(
      "Incidents/Outages (drops)",
    );
    expect(filedUnderWords("unexplained-change", [])).toBeNull();
  });

  it("names a one-category source's category as before", () => {
    expect(suggestionSourceInfo.holidays.presetsByKind).toBeUndefined();
    expect(filedUnderWords("holidays", [categoryOf("external")])).toBe("External Shocks");
    expect(filedUnderWords("holidays", [categoryOf("campaigns")])).toBeNull();
  });
});
