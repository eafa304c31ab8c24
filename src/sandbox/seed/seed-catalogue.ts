import { fromDayNumber, toDayNumber, type CivilDate } from "../calendar/civil-date.js";
import type { RandomPicker } from "../seeded-random.js";
import type { AnnotationColorName } from "../store/sandbox-records.js";

export interface CompanyTemplate {
  name: string;
  domain: string;
  timeZone: string;
  currencyCode: string;
  /** Shops get busier weekends, business sites quieter ones. */
  audience: "shop" | "business";
}

export const companyCatalogue: readonly CompanyTemplate[] = [
  {
    name: "Acme Outdoor Co.",
    domain: "acme-outdoor.com",
    timeZone: "America/Los_Angeles",
    currencyCode: "USD",
    audience: "shop",
  },
  {
    name: "Northwind Traders",
    domain: "northwindtraders.com",
    timeZone: "America/New_York",
    currencyCode: "USD",
    audience: "shop",
  },
  {
    name: "Fabrikam Cloud",
    domain: "fabrikam.io",
    timeZone: "Europe/London",
    currencyCode: "GBP",
    audience: "business",
  },
  {
    name: "Contoso Coffee",
    domain: "contoso.coffee",
    timeZone: "Europe/Berlin",
    currencyCode: "EUR",
    audience: "shop",
  },
  {
    name: "Tailspin Travel",
    domain: "tailspintravel.com",
    timeZone: "Australia/Sydney",
    currencyCode: "AUD",
    audience: "shop",
  },
  {
    name: "Lumen Analytics",
    domain: "lumen-analytics.com",
    timeZone: "America/Chicago",
    currencyCode: "USD",
    audience: "business",
  },
  {
    name: "Blue Yonder Books",
    domain: "blueyonderbooks.com",
    timeZone: "America/Denver",
    currencyCode: "USD",
    audience: "shop",
  },
  {
    name: "Wingtip Toys",
    domain: "wingtiptoys.com",
    timeZone: "Europe/Paris",
    currencyCode: "EUR",
    audience: "shop",
  },
];

export type AnnotationKind =
  "campaign" | "holiday" | "release" | "incident" | "experiment" | "external";

export interface AnnotationTemplate {
  kind: AnnotationKind;
  color: AnnotationColorName;
  title: (random: RandomPicker) => string;
  description: string;
  /** For dated events (holidays): the date in a given year; otherwise the date is drawn at random. */
  occurs?: (year: number) => CivilDate;
  /** Length in days; 1 means a single-date annotation. */
  lengthDays: [number, number];
  /** Traffic multiplier while the event lasts. */
  impact: [number, number];
  /** How long a single-date event moves traffic (defaults to 1 day). */
  impactDays?: number;
}

const fixed = (title: string) => () => title;

export const annotationCatalogue: readonly AnnotationTemplate[] = [
  // Campaigns and promotions
  {
    kind: "campaign",
    color: "PURPLE",
    title: fixed("Spring sale campaign"),
    description: "Paid search and email push, 20% off selected lines.",
    lengthDays: [10, 21],
    impact: [1.15, 1.4],
  },
  {
    kind: "campaign",
    color: "PURPLE",
    title: fixed("Paid social push — Winter Sale"),
    description: "Meta and TikTok ads, prospecting audiences.",
    lengthDays: [7, 14],
    impact: [1.2, 1.45],
  },
  {
    kind: "campaign",
    color: "PURPLE",
    title: fixed("Newsletter relaunch"),
    description: "New template and weekly cadence.",
    lengthDays: [1, 1],
    impact: [1.1, 1.25],
    impactDays: 3,
  },
  {
    kind: "campaign",
    color: "PURPLE",
    title: fixed("Back-to-school promo"),
    description: "",
    lengthDays: [14, 21],
    impact: [1.1, 1.3],
  },
  {
    kind: "campaign",
    color: "PURPLE",
    title: fixed("Brand search campaign paused"),
    description: "Budget moved to performance max for two weeks.",
    lengthDays: [1, 1],
    impact: [0.85, 0.92],
    impactDays: 14,
  },
  {
    kind: "campaign",
    color: "PURPLE",
    title: fixed("Influencer partnership goes live"),
    description: "Three creators, unique discount codes.",
    lengthDays: [5, 10],
    impact: [1.2, 1.5],
  },
  // Holidays and seasonal dates
  {
    kind: "holiday",
    color: "CYAN",
    title: fixed("Black Friday sale launched"),
    description: "Site-wide 30% off through Cyber Monday.",
    occurs: blackFriday,
    lengthDays: [4, 4],
    impact: [1.6, 2.2],
  },
  {
    kind: "holiday",
    color: "CYAN",
    title: fixed("Christmas Day"),
    description: "",
    occurs: (year) => ({ year, month: 12, day: 25 }),
    lengthDays: [1, 1],
    impact: [0.55, 0.75],
  },
  {
    kind: "holiday",
    color: "CYAN",
    title: fixed("New Year's Day"),
    description: "",
    occurs: (year) => ({ year, month: 1, day: 1 }),
    lengthDays: [1, 1],
    impact: [0.6, 0.8],
  },
  {
    kind: "holiday",
    color: "CYAN",
    title: fixed("Valentine's Day promo"),
    description: "Gift guide on the home page.",
    occurs: (year) => ({ year, month: 2, day: 7 }),
    lengthDays: [8, 8],
    impact: [1.1, 1.3],
  },
  {
    kind: "holiday",
    color: "CYAN",
    title: fixed("Easter weekend"),
    description: "",
    occurs: goodFriday,
    lengthDays: [4, 4],
    impact: [0.8, 0.9],
  },
  {
    kind: "holiday",
    color: "CYAN",
    title: fixed("Prime Day week"),
    description: "Competitor event; matched prices on bestsellers.",
    occurs: primeDay,
    lengthDays: [2, 2],
    impact: [0.85, 1.15],
  },
  // Releases
  {
    kind: "release",
    color: "BLUE",
    title: (random) => `Release ${random.int(3, 6)}.${random.int(0, 9)} — new onboarding`,
    description: "Shorter sign-up, social login.",
    lengthDays: [1, 1],
    impact: [1.05, 1.15],
    impactDays: 21,
  },
  {
    kind: "release",
    color: "BLUE",
    title: fixed("Checkout redesign shipped"),
    description: "One-page checkout for all visitors.",
    lengthDays: [1, 1],
    impact: [1.04, 1.12],
    impactDays: 21,
  },
  {
    kind: "release",
    color: "BLUE",
    title: fixed("Search v2 rolled out"),
    description: "",
    lengthDays: [1, 1],
    impact: [1.03, 1.1],
    impactDays: 14,
  },
  {
    kind: "release",
    color: "BLUE",
    title: fixed("Site migrated to new CDN"),
    description: "Static assets and images now served from the edge.",
    lengthDays: [1, 1],
    impact: [1.02, 1.08],
    impactDays: 30,
  },
  {
    kind: "release",
    color: "BLUE",
    title: fixed("Mobile app deep links live"),
    description: "",
    lengthDays: [1, 1],
    impact: [1.02, 1.06],
    impactDays: 14,
  },
  // Incidents
  {
    kind: "incident",
    color: "RED",
    title: fixed("Checkout outage"),
    description: "Payments failed for about four hours; fixed by rollback.",
    lengthDays: [1, 1],
    impact: [0.45, 0.7],
  },
  {
    kind: "incident",
    color: "RED",
    title: fixed("GA4 tag missing on /cart"),
    description: "Tag manager container published without the cart trigger.",
    lengthDays: [2, 5],
    impact: [0.3, 0.5],
  },
  {
    kind: "incident",
    color: "RED",
    title: fixed("CDN incident — slow pages"),
    description: "",
    lengthDays: [1, 1],
    impact: [0.6, 0.8],
  },
  {
    kind: "incident",
    color: "RED",
    title: fixed("Consent banner bug blocked tracking"),
    description: "Banner did not fire consent update on Safari.",
    lengthDays: [2, 4],
    impact: [0.4, 0.65],
  },
  // Experiments
  {
    kind: "experiment",
    color: "GREEN",
    title: fixed("A/B test: new hero image"),
    description: "50/50 split, primary metric add-to-cart rate.",
    lengthDays: [14, 21],
    impact: [0.98, 1.04],
  },
  {
    kind: "experiment",
    color: "GREEN",
    title: fixed("Experiment: free-shipping threshold"),
    description: "Threshold lowered from $75 to $50 for half of visitors.",
    lengthDays: [14, 28],
    impact: [1.0, 1.06],
  },
  {
    kind: "experiment",
    color: "GREEN",
    title: fixed("Pricing page test started"),
    description: "",
    lengthDays: [14, 21],
    impact: [0.97, 1.03],
  },
  // External shocks and content
  {
    kind: "external",
    color: "BROWN",
    title: fixed("Featured in TechCrunch"),
    description: "Referral spike from the article and social shares.",
    lengthDays: [1, 1],
    impact: [1.8, 2.6],
    impactDays: 2,
  },
  {
    kind: "external",
    color: "BROWN",
    title: fixed("Blog content refresh"),
    description: "Updated 40 evergreen posts.",
    lengthDays: [1, 1],
    impact: [1.03, 1.08],
    impactDays: 30,
  },
  {
    kind: "external",
    color: "BROWN",
    title: fixed("Heatwave — fewer visits"),
    description: "",
    lengthDays: [3, 6],
    impact: [0.82, 0.9],
  },
  {
    kind: "external",
    color: "BROWN",
    title: fixed("Warehouse move — shipping delays"),
    description: "Delivery estimates extended by five days.",
    lengthDays: [7, 14],
    impact: [0.85, 0.93],
  },
];

/** Annotations Google Analytics itself adds; one per seeded property, always ORANGE and read-only. */
export const systemAnnotationCatalogue: ReadonlyArray<{ title: string; description: string }> = [
  {
    title: "Google signals data collection enabled",
    description: "Generated automatically by Google Analytics.",
  },
  {
    title: "Enhanced measurement turned on",
    description: "Generated automatically by Google Analytics.",
  },
  {
    title: "Data retention changed to 14 months",
    description: "Generated automatically by Google Analytics.",
  },
  { title: "Consent mode detected", description: "Generated automatically by Google Analytics." },
  {
    title: "Key event counting method updated",
    description: "Generated automatically by Google Analytics.",
  },
];

function nthWeekday(year: number, month: number, weekday: number, n: number): CivilDate {
  const first = toDayNumber({ year, month, day: 1 });
  const firstWeekday = (first + 4) % 7; // 1970-01-01 was a Thursday
  const offset = (weekday - firstWeekday + 7) % 7;
  return fromDayNumber(first + offset + (n - 1) * 7);
}

function blackFriday(year: number): CivilDate {
  return fromDayNumber(toDayNumber(nthWeekday(year, 11, 4, 4)) + 1);
}

function primeDay(year: number): CivilDate {
  return nthWeekday(year, 7, 2, 2);
}

/** Good Friday, from the anonymous Gregorian Easter algorithm. */
function goodFriday(year: number): CivilDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return fromDayNumber(toDayNumber({ year, month, day }) - 2);
}
