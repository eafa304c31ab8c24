import { createHash } from "node:crypto";
import { fromDayNumber, toDayNumber } from "../calendar/civil-date.js";
import { createRandom, hashUnit, RandomPicker, seedFromText } from "../seeded-random.js";
import type {
  AnnotationRecord,
  PropertyRecord,
  TrafficEffect,
  UserRecord,
} from "../store/sandbox-records.js";
import type { SandboxStore } from "../store/sandbox-store.js";
import { personNameFromEmail } from "./person-name.js";
import {
  annotationCatalogue,
  companyCatalogue,
  systemAnnotationCatalogue,
  type AnnotationKind,
  type AnnotationTemplate,
  type CompanyTemplate,
} from "./seed-catalogue.js";

const msPerDay = 86_400_000;
/** Seeded annotations fall within this many days before the account was created (≈ 18 months). */
const seedWindowDays = 548;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Google-style numeric subject (21 digits), stable for an email address. */
export function subjectForEmail(email: string): string {
  const digest = createHash("sha256").update(`tidemark-sandbox-sub:${email}`).digest();
  return `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, "0")}`;
}

/**
 * The sandbox Google account for an email, created on first use with its Analytics data:
 * two GA accounts, 2–3 properties (the first editable, one read-only in the second account), each
 * with 8–15 annotations over the last 18 months including exactly one system-generated ORANGE one.
 * Everything is drawn from a PRNG seeded by the email, so the same email always gets the same data
 * (dates are relative to the creation day). A tester's account gets one more editable property
 * where needed (see ensureTesterProperties).
 */
export function ensureSandboxUser(
  store: SandboxStore,
  rawEmail: string,
  now: number,
  testers: ReadonlySet<string> = noTesters,
): UserRecord {
  const email = normalizeEmail(rawEmail);
  const user = store.usersByEmail.get(email) ?? seedSandboxUser(store, email, now);
  if (testers.has(email)) ensureTesterProperties(store, user, now);
  return user;
}

const noTesters: ReadonlySet<string> = new Set();

function seedSandboxUser(store: SandboxStore, email: string, now: number): UserRecord {
  const random = new RandomPicker(createRandom(seedFromText(`tidemark-sandbox-seed:${email}`)));
  const today = Math.floor(now / msPerDay);
  const [ownCompany, partnerCompany] = random.shuffle(companyCatalogue) as [
    CompanyTemplate,
    CompanyTemplate,
  ];
  const user: UserRecord = {
    sub: subjectForEmail(email),
    email,
    ...personNameFromEmail(email),
    createdAt: now,
    accountIds: [],
    propertyRoles: {},
  };

  const editableNames = [`${ownCompany.domain} - GA4`, `${ownCompany.name} app`];
  const ownAccount = createAccount(store, random, ownCompany.name);
  for (const displayName of editableNames.slice(0, random.int(1, 2))) {
    const property = createProperty(store, random, ownAccount.id, displayName, ownCompany, today);
    property.changeHistorySeed = { anchorDay: today, ownerEmail: email, domain: ownCompany.domain };
    ownAccount.propertyIds.push(property.id);
    user.propertyRoles[property.id] = "editor";
  }
  const partnerAccount = createAccount(store, random, partnerCompany.name);
  const shared = createProperty(
    store,
    random,
    partnerAccount.id,
    `${partnerCompany.domain} - GA4`,
    partnerCompany,
    today,
  );
  // Someone at the partner made its changes; the user, a viewer there, cannot read them anyway.
  shared.changeHistorySeed = {
    anchorDay: today,
    ownerEmail: `analytics@${partnerCompany.domain}`,
    domain: partnerCompany.domain,
  };
  partnerAccount.propertyIds.push(shared.id);
  user.propertyRoles[shared.id] = "viewer";

  user.accountIds.push(ownAccount.id, partnerAccount.id);
  store.addUser(user);
  store.changed();
  return user;
}

/**
 * A tester account (the addresses the app lets try Premium and the audit) must be able to try
 * everything: writing to several properties at once, and days counted in different zones, beside
 * the read-only property every account has. When its editable properties share one zone (or
 * there is only one), one more editable property joins its own GA account, in a zone none of its
 * properties uses. Drawn from a generator of its own, after the ordinary seed, so an account
 * seeded before it became a tester gets the same property added, and nothing else moves.
 */
function ensureTesterProperties(store: SandboxStore, user: UserRecord, now: number): void {
  const properties = user.accountIds
    .flatMap((id) => store.accounts.get(id)?.propertyIds ?? [])
    .flatMap((id) => store.properties.get(id) ?? []);
  const editable = properties.filter((property) => user.propertyRoles[property.id] === "editor");
  const first = editable[0];
  if (!first || new Set(editable.map((property) => property.timeZone)).size >= 2) return;
  const account = store.accounts.get(first.accountId);
  if (!account) return;

  const random = new RandomPicker(
    createRandom(seedFromText(`tidemark-sandbox-tester:${user.email}`)),
  );
  const usedZones = new Set(properties.map((property) => property.timeZone));
  const region = random.pick(
    companyCatalogue.filter((company) => !usedZones.has(company.timeZone)),
  );
  const company: CompanyTemplate = {
    ...region,
    name: account.displayName,
    domain: first.changeHistorySeed?.domain ?? region.domain,
  };
  const today = Math.floor(now / msPerDay);
  const city = region.timeZone.split("/").at(-1)!.replaceAll("_", " ");
  const property = createProperty(
    store,
    random,
    account.id,
    `${account.displayName} – ${city}`,
    company,
    today,
  );
  property.changeHistorySeed = { anchorDay: today, ownerEmail: user.email, domain: company.domain };
  account.propertyIds.push(property.id);
  user.propertyRoles[property.id] = "editor";
  store.changed();
}

function createAccount(store: SandboxStore, random: RandomPicker, displayName: string) {
  const id = freeId(random.int(10_000_000, 299_999_999), (candidate) =>
    store.accounts.has(candidate),
  );
  const account = { id, displayName, propertyIds: [] as string[] };
  store.accounts.set(id, account);
  return account;
}

function createProperty(
  store: SandboxStore,
  random: RandomPicker,
  accountId: string,
  displayName: string,
  company: CompanyTemplate,
  today: number,
): PropertyRecord {
  const id = freeId(random.int(300_000_000, 499_999_999), (candidate) =>
    store.properties.has(candidate),
  );
  const { annotations, effects } = seedAnnotations(random, today);
  const property: PropertyRecord = {
    id,
    accountId,
    displayName,
    timeZone: company.timeZone,
    currencyCode: company.currencyCode,
    nextAnnotationId: annotations.length + 1,
    annotations: new Map(annotations.map((annotation) => [annotation.id, annotation])),
    traffic: {
      seed: random.int(1, 2 ** 31 - 1),
      baseSessions: random.int(300, 5000),
      weekendFactor:
        company.audience === "shop" ? random.between(1.05, 1.3) : random.between(0.45, 0.7),
      growthPerYear: random.between(0.05, 0.35),
      dataStartDay: today - random.int(900, 1400),
      effects,
    },
  };
  property.traffic.effects.push(...unexplainedEffects(property.traffic.seed, today, annotations));
  store.properties.set(id, property);
  return property;
}

/**
 * Real traffic has spikes and dips nobody wrote down: one spike in the last four weeks (where the
 * seeded annotations leave room) and one dip five to nine weeks back, each at least two days from
 * any seeded annotation. Derived from the property's traffic seed (no further draws), so earlier
 * seeding stays as it was.
 */
function unexplainedEffects(
  seed: number,
  today: number,
  annotations: AnnotationRecord[],
): TrafficEffect[] {
  const annotated = annotations.map((annotation) =>
    annotation.target.kind === "date"
      ? [toDayNumber(annotation.target.date), toDayNumber(annotation.target.date)]
      : [toDayNumber(annotation.target.startDate), toDayNumber(annotation.target.endDate)],
  );
  const clearBy = (margin: number) => (day: number) =>
    annotated.every(([start, end]) => day < start! - margin || day > end! + margin);
  const pick = (
    salt: number,
    from: number,
    span: number,
    clear = clearBy(2),
  ): number | undefined => {
    const offset = Math.floor(hashUnit(seed + salt, today) * span);
    for (let step = 0; step < span; step += 1) {
      const day = from + ((offset + step) % span);
      if (clear(day)) return day;
    }
    return undefined;
  };
  // The chart opens on the last 28 days, so the spike belongs there. Seeded ranges (long
  // campaigns) can fill the middle weeks; then any day of the 28 up to the day before yesterday
  // will do, two days clear of annotations, else just clear of what would explain it (outside
  // ranges, more than a day from single-day notes), and only then further back.
  const spike =
    pick(101, today - 21, 17) ??
    pick(103, today - 27, 26) ??
    pick(105, today - 27, 26, clearBy(1)) ??
    pick(104, today - 84, 63);
  const dip = pick(202, today - 63, 28);
  return [
    ...(spike === undefined ? [] : [{ startDay: spike, endDay: spike, factor: 2.5 }]),
    ...(dip === undefined ? [] : [{ startDay: dip, endDay: dip, factor: 0.4 }]),
  ];
}

interface DraftAnnotation {
  startDay: number;
  endDay: number;
  record: Omit<AnnotationRecord, "id" | "target">;
  effect?: TrafficEffect;
}

function seedAnnotations(
  random: RandomPicker,
  today: number,
): { annotations: AnnotationRecord[]; effects: TrafficEffect[] } {
  const windowStart = today - seedWindowDays;
  const total = random.int(8, 15);
  const drafts: DraftAnnotation[] = [];
  for (const template of pickTemplates(random)) {
    if (drafts.length === total - 1) break;
    const draft = draftFromTemplate(random, template, windowStart, today);
    if (draft) drafts.push(draft);
  }
  const system = random.pick(systemAnnotationCatalogue);
  const systemDay = random.int(windowStart, today - 1);
  drafts.push({
    startDay: systemDay,
    endDay: systemDay,
    record: {
      title: system.title,
      description: system.description,
      color: "ORANGE",
      systemGenerated: true,
    },
  });

  drafts.sort((a, b) => a.startDay - b.startDay);
  const annotations = drafts.map((draft, index): AnnotationRecord => ({
    id: index + 1,
    ...draft.record,
    target:
      draft.startDay === draft.endDay
        ? { kind: "date", date: fromDayNumber(draft.startDay) }
        : {
            kind: "range",
            startDate: fromDayNumber(draft.startDay),
            endDate: fromDayNumber(draft.endDay),
          },
  }));
  const effects = drafts.flatMap((draft) => (draft.effect ? [draft.effect] : []));
  return { annotations, effects };
}

/** Templates in a random order that starts with one of each kind, so colours are always mixed. */
function pickTemplates(random: RandomPicker): AnnotationTemplate[] {
  const shuffled = random.shuffle(annotationCatalogue);
  const leaders: AnnotationTemplate[] = [];
  const seenKinds = new Set<AnnotationKind>();
  for (const template of shuffled) {
    if (seenKinds.has(template.kind)) continue;
    seenKinds.add(template.kind);
    leaders.push(template);
  }
  return [...leaders, ...shuffled.filter((template) => !leaders.includes(template))];
}

function draftFromTemplate(
  random: RandomPicker,
  template: AnnotationTemplate,
  windowStart: number,
  today: number,
): DraftAnnotation | undefined {
  const length = random.int(template.lengthDays[0], template.lengthDays[1]);
  let startDay: number;
  if (template.occurs) {
    const year = fromDayNumber(today).year;
    const candidates = [year - 2, year - 1, year]
      .map((y) => toDayNumber(template.occurs!(y)))
      .filter((day) => day >= windowStart && day + length - 1 < today);
    if (candidates.length === 0) return undefined;
    startDay = random.pick(candidates);
  } else {
    startDay = random.int(windowStart, today - length);
  }
  const endDay = startDay + length - 1;
  const impactDays = length === 1 ? (template.impactDays ?? 1) : length;
  return {
    startDay,
    endDay,
    record: {
      title: template.title(random),
      description: template.description,
      color: template.color,
      systemGenerated: false,
    },
    effect: {
      startDay,
      endDay: startDay + impactDays - 1,
      factor: round3(random.between(template.impact[0], template.impact[1])),
    },
  };
}

function freeId(start: number, taken: (id: string) => boolean): string {
  let candidate = start;
  while (taken(String(candidate))) candidate += 1;
  return String(candidate);
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
