/**
 * A slip of the keyboard: one letter added, dropped or changed, or two neighbours swapped
 * ("referal", "grean", "incidetns"). Titles, colours and category words each allow it on words long
 * enough that a slip cannot make another word of the same kind.
 */
export function oneSlipApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same += 1;
  if (a.length === b.length) {
    const swapped =
      a[same] === b[same + 1] && a[same + 1] === b[same] && a.slice(same + 2) === b.slice(same + 2);
    return swapped || a.slice(same + 1) === b.slice(same + 1);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(same + 1) === shorter.slice(same);
}
