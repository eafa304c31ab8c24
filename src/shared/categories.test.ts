import { describe, expect, it } from "vitest";
import {
  applyTitleTemplate,
  categoryPresets,
  defaultTitleTemplate,
  firstTemplateSegment,
  normalizeTitleTemplate,
  presetByPrefix,
  templatePrefix,
  titleTemplateExample,
  withoutRepeatedPrefix,
} from "./categories.js";

describe("category presets", () => {
  it("are the five of the product, with their names, colours, descriptions and templates", () => {
    expect(
      categoryPresets.map(({ name, color, description, prefix, titleTemplate }) => ({
        name,
        color,
        description,
        prefix,
        titleTemplate,
      })),
    ).toEqual([
      {
        name: "Campaigns & Promos",
        color: "PURPLE",
        description: "Launches, channel spikes, marketing campaigns",
        prefix: "CAMPAIGN",
        titleTemplate: "CAMPAIGN · [Team/System] · [What] · [Scope] · [Env]",
      },
      {
        name: "Site/App Releases",
        color: "BLUE",
        description: "Feature flags, deploys, rollbacks",
        prefix: "RELEASE",
        titleTemplate: "RELEASE · [Team/System] · [What] · [Scope] · [Env]",
      },
      {
        name: "Incidents/Outages",
        color: "RED",
        description: "Tracking breaks, CDN issues, payment failures",
        prefix: "INCIDENT",
        titleTemplate: "INCIDENT · [Team/System] · [What] · [Scope] · [Env]",
      },
      {
        name: "Experiments",
        color: "GREEN",
        description: "A/B start/stop, guardrails",
        prefix: "EXPERIMENT",
        titleTemplate: "EXPERIMENT · [Team/System] · [What] · [Scope] · [Env]",
      },
      {
        name: "External Shocks",
        color: "CYAN",
        description: "Holidays, weather, PR",
        prefix: "EXTERNAL",
        titleTemplate: "EXTERNAL · [Team/System] · [What] · [Scope] · [Env]",
      },
    ]);
    expect(defaultTitleTemplate).toBe("[TYPE] · [Team/System] · [What] · [Scope] · [Env]");
    expect(titleTemplateExample).toBe("CAMPAIGN · Paid Social · Winter Sale Launch · AU · Prod");
  });

  it("are found by prefix, ignoring case and a plural ending", () => {
    expect(presetByPrefix("release")?.key).toBe("releases");
    expect(presetByPrefix("Incidents")?.key).toBe("incidents");
    expect(presetByPrefix(" CAMPAIGN ")?.key).toBe("campaigns");
    expect(presetByPrefix("experiments")?.key).toBe("experiments");
    expect(presetByPrefix("external")?.key).toBe("external");
    expect(presetByPrefix("sales")).toBeUndefined();
    expect(presetByPrefix("")).toBeUndefined();
  });
});

describe("title templates", () => {
  it("take their first segment, split on the separator", () => {
    expect(firstTemplateSegment("CAMPAIGN · [Team/System] · [What]")).toBe("CAMPAIGN");
    expect(firstTemplateSegment("RELEASE")).toBe("RELEASE");
    expect(firstTemplateSegment(null)).toBe("");
    expect(firstTemplateSegment("")).toBe("");
  });

  it("are stored with exactly one spaced dot between trimmed segments", () => {
    expect(normalizeTitleTemplate("A·B ·  C")).toBe("A · B · C");
    expect(normalizeTitleTemplate("  ")).toBeNull();
    expect(normalizeTitleTemplate("A ·  · C")).toEqual({ error: expect.any(String) });
    expect(normalizeTitleTemplate("· A")).toEqual({ error: expect.any(String) });
    expect(normalizeTitleTemplate(defaultTitleTemplate)).toBe(defaultTitleTemplate);
  });
});

describe("applying a category's template to a title", () => {
  const campaign = "CAMPAIGN · [Team/System] · [What] · [Scope] · [Env]";

  it("puts the prefix first in a title that lacks it, keeping the title's own case", () => {
    expect(applyTitleTemplate("iPhone launch", campaign, 100)).toBe("CAMPAIGN · iPhone launch");
    expect(applyTitleTemplate("  Winter sale ", campaign, 100)).toBe("CAMPAIGN · Winter sale");
  });

  it("leaves a title that already has it, in any case and spacing", () => {
    expect(applyTitleTemplate("CAMPAIGN · Winter sale", campaign, 100)).toBe(
      "CAMPAIGN · Winter sale",
    );
    expect(applyTitleTemplate("campaign·Winter sale", campaign, 100)).toBe("campaign·Winter sale");
  });

  it("replaces a leading type word with a colon or dash instead of doubling it", () => {
    expect(applyTitleTemplate("Campaign: Winter sale", campaign, 100)).toBe(
      "CAMPAIGN · Winter sale",
    );
    expect(applyTitleTemplate("campaigns — Winter sale", campaign, 100)).toBe(
      "CAMPAIGN · Winter sale",
    );
  });

  it("gives a title that already names the category's word no second one", () => {
    const release = "RELEASE · [Team/System] · [What] · [Scope] · [Env]";
    expect(applyTitleTemplate("Release 2.4", release, 100)).toBe("Release 2.4");
    expect(applyTitleTemplate("Checkout v2 released", release, 100)).toBe("Checkout v2 released");
    expect(applyTitleTemplate("Campaign paused", campaign, 100)).toBe("Campaign paused");
    expect(applyTitleTemplate("Spring campaigns review", campaign, 100)).toBe(
      "Spring campaigns review",
    );
    // Only the word itself counts, not a longer word that starts with it.
    expect(applyTitleTemplate("Releasenotes page", release, 100)).toBe(
      "RELEASE · Releasenotes page",
    );
    expect(applyTitleTemplate("Pre-release build", release, 100)).toBe("Pre-release build");
  });

  it("never writes the placeholders, and leaves a blank title blank", () => {
    expect(applyTitleTemplate("", campaign, 100)).toBe("");
    expect(applyTitleTemplate("Launch", defaultTitleTemplate, 100)).toBe("Launch");
    expect(applyTitleTemplate("Launch", null, 100)).toBe("Launch");
    expect(templatePrefix(defaultTitleTemplate)).toBe("");
  });

  it("leaves a title that would grow past the limit as it is", () => {
    const long = "x".repeat(95);
    expect(applyTitleTemplate(long, campaign, 100)).toBe(long);
  });
});

describe("a title that says its category twice", () => {
  const release = "RELEASE · [Team/System] · [What] · [Scope] · [Env]";

  it("loses the prefix segment that repeats its own word", () => {
    expect(withoutRepeatedPrefix("RELEASE · Release 2.4", release)).toBe("Release 2.4");
    expect(withoutRepeatedPrefix("release · Checkout · Mobile releases", release)).toBe(
      "Checkout · Mobile releases",
    );
  });

  it("keeps any other title as it is", () => {
    expect(withoutRepeatedPrefix("RELEASE · 2.4", release)).toBe("RELEASE · 2.4");
    expect(withoutRepeatedPrefix("Release 2.4", release)).toBe("Release 2.4");
    expect(withoutRepeatedPrefix("RELEASE · Release 2.4", null)).toBe("RELEASE · Release 2.4");
  });
});
