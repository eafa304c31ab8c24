/**
 * Counts as people write them, in digits or words: relative dates ("two weeks ago"), periods
 * ("last three days") and how many annotations to show ("the last five").
 */
const numberWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};

export function parseCount(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower);
  return numberWords[lower];
}

/** The days in a unit a move is counted in: "a day", "two weeks", "a fortnight". */
export function daysInUnit(unit: string): number {
  if (/^fortnight/i.test(unit)) return 14;
  return /^week/i.test(unit) ? 7 : 1;
}
