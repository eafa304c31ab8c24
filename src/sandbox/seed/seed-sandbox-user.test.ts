import { describe, expect, it } from "vitest";
import { toDayNumber } from "../calendar/civil-date.js";
import { SandboxStore } from "../store/sandbox-store.js";
import { personNameFromEmail } from "./person-name.js";
import { ensureSandboxUser, subjectForEmail } from "./seed-sandbox-user.js";

const now = Date.UTC(2026, 10, 23, 12);
const today = Math.floor(now / 86_400_000);

function seed(email: string) {
  const store = new SandboxStore();
  const user = ensureSandboxUser(store, email, now);
  return { store, user };
}

describe("seeded sandbox accounts", () => {
  it("are deterministic per email", () => {
    const a = seed("Someone@Example.com");
    const b = seed("someone@example.com");
    expect(b.store.toSnapshot(now)).toEqual(a.store.toSnapshot(now));
    expect(a.user.sub).toBe(subjectForEmail("someone@example.com"));
    expect(a.user.sub).toMatch(/^1\d{20}$/);
    expect(seed("someone.else@example.com").store.toSnapshot(now)).not.toEqual(
      a.store.toSnapshot(now),
    );
  });

  it("reuse the existing account on a second sign-in", () => {
    const { store, user } = seed("again@example.com");
    expect(ensureSandboxUser(store, " AGAIN@example.com ", now + 1000)).toBe(user);
    expect(store.users.size).toBe(1);
  });

  it.each(Array.from({ length: 40 }, (_, index) => `person${index}@example.com`))(
    "hold the promised shape for %s",
    (email) => {
      const { store, user } = seed(email);
      expect(user.accountIds).toHaveLength(2);
      const propertyIds = user.accountIds.flatMap((id) => store.accounts.get(id)!.propertyIds);
      expect(propertyIds.length).toBeGreaterThanOrEqual(2);
      expect(propertyIds.length).toBeLessThanOrEqual(3);
      expect(user.propertyRoles[propertyIds[0]!]).toBe("editor");
      expect(propertyIds.filter((id) => user.propertyRoles[id] === "viewer")).toHaveLength(1);
      for (const id of propertyIds) {
        const annotations = [...store.properties.get(id)!.annotations.values()];
        expect(annotations.length).toBeGreaterThanOrEqual(8);
        expect(annotations.length).toBeLessThanOrEqual(15);
        const system = annotations.filter((annotation) => annotation.systemGenerated);
        expect(system).toHaveLength(1);
        expect(system[0]!.color).toBe("ORANGE");
        expect(annotations.filter((annotation) => annotation.color === "ORANGE")).toHaveLength(1);
        expect(
          new Set(annotations.map((annotation) => annotation.color)).size,
        ).toBeGreaterThanOrEqual(4);
        for (const annotation of annotations) {
          const day = toDayNumber(
            annotation.target.kind === "date"
              ? annotation.target.date
              : annotation.target.startDate,
          );
          expect(day).toBeGreaterThanOrEqual(today - 548);
          expect(day).toBeLessThan(today);
          expect(annotation.title.length).toBeGreaterThan(3);
        }
      }
    },
  );
});

describe("tester accounts", () => {
  const testers = new Set(["tester1@example.com", "tester2@example.com", "auditor@example.com"]);
  const propertiesOf = (store: SandboxStore, email: string) => {
    const user = store.usersByEmail.get(email)!;
    return user.accountIds
      .flatMap((id) => store.accounts.get(id)!.propertyIds)
      .map((id) => ({ ...store.properties.get(id)!, role: user.propertyRoles[id] }));
  };

  it.each([...testers, ...Array.from({ length: 30 }, (_, n) => `qa${n}@example.com`)])(
    "%s can write to two properties in different zones and read one more",
    (email) => {
      const store = new SandboxStore();
      ensureSandboxUser(store, email, now, new Set([...testers, email]));
      const properties = propertiesOf(store, email);
      const editable = properties.filter((p) => p.role === "editor");
      const readOnly = properties.filter((p) => p.role === "viewer");
      expect(editable.length).toBeGreaterThanOrEqual(2);
      expect(new Set(editable.map((p) => p.timeZone)).size).toBeGreaterThanOrEqual(2);
      expect(readOnly).toHaveLength(1);
      expect(editable.map((p) => p.timeZone)).not.toContain(readOnly[0]!.timeZone);
      expect(properties[0]!.role).toBe("editor");
      expect(new Set(properties.map((p) => p.displayName)).size).toBe(properties.length);
      for (const property of editable) expect(property.accountId).toBe(editable[0]!.accountId);
    },
  );

  it("keep everything an ordinary account of that address has, and only add to it", () => {
    for (const email of testers) {
      const plain = new SandboxStore();
      ensureSandboxUser(plain, email, now);
      const tester = new SandboxStore();
      ensureSandboxUser(tester, email, now, testers);
      const before = propertiesOf(plain, email);
      const after = propertiesOf(tester, email);
      expect(after.slice(0, before.length - 1).map((p) => p.id)).toEqual(
        before.filter((p) => p.role === "editor").map((p) => p.id),
      );
      for (const property of before)
        expect(tester.properties.get(property.id)).toEqual(plain.properties.get(property.id));
    }
  });

  it("are topped up when an existing account becomes a tester's, once", () => {
    const store = new SandboxStore();
    const email = "tester1@example.com";
    ensureSandboxUser(store, email, now);
    const seededFresh = new SandboxStore();
    ensureSandboxUser(seededFresh, email, now, testers);
    ensureSandboxUser(store, email, now + 3_600_000, testers);
    ensureSandboxUser(store, email, now + 7_200_000, testers);
    expect(propertiesOf(store, email).map((p) => [p.id, p.timeZone, p.role])).toEqual(
      propertiesOf(seededFresh, email).map((p) => [p.id, p.timeZone, p.role]),
    );
  });

  it("leave everyone else as they were", () => {
    const alone = new SandboxStore();
    ensureSandboxUser(alone, "someone@example.com", now);
    const beside = new SandboxStore();
    ensureSandboxUser(beside, "someone@example.com", now, testers);
    expect(beside.toSnapshot(now)).toEqual(alone.toSnapshot(now));
  });
});

describe("unexplained traffic", () => {
  // The chart's detector must have something to find on every seeded property, in the 28 days
  // the chart opens on: one spike (2.5× the day) that no seeded annotation explains (outside
  // every range, more than a day from every single-day note), before yesterday.
  it("gives every property an unexplained spike in the chart's first 28 days", () => {
    for (let index = 0; index < 300; index += 1) {
      const { store, user } = seed(`spiky${index}@example.com`);
      const propertyIds = user.accountIds.flatMap((id) => store.accounts.get(id)!.propertyIds);
      for (const id of propertyIds) {
        const property = store.properties.get(id)!;
        const spans = [...property.annotations.values()].map((annotation) =>
          annotation.target.kind === "date"
            ? [toDayNumber(annotation.target.date), toDayNumber(annotation.target.date)]
            : [toDayNumber(annotation.target.startDate), toDayNumber(annotation.target.endDate)],
        );
        const spikes = property.traffic.effects.filter(
          (effect) =>
            effect.factor === 2.5 &&
            effect.startDay === effect.endDay &&
            effect.startDay >= today - 27 &&
            effect.startDay < today - 1 &&
            spans.every(
              ([start, end]) => effect.startDay < start! - 1 || effect.startDay > end! + 1,
            ),
        );
        expect(spikes, `spike on ${id} of spiky${index}@example.com`).toHaveLength(1);
      }
    }
  });
});

describe("names from email addresses", () => {
  it.each([
    ["jane.doe@example.com", { name: "Jane Doe", givenName: "Jane", familyName: "Doe" }],
    [
      "mary-ann_o.brien+ga@example.com",
      { name: "Mary Ann O Brien", givenName: "Mary", familyName: "Ann O Brien" },
    ],
    ["ada@example.com", { name: "Ada", givenName: "Ada", familyName: "" }],
    ["1234@example.com", { name: "Sandbox User", givenName: "Sandbox", familyName: "User" }],
  ])("%s", (email, expected) => {
    expect(personNameFromEmail(email)).toEqual(expected);
  });
});
