// How alike two property names are, for inferring renames the way seed 003 counted them ("manually inferred from
// the similarity of names"). Levenshtein distance over the lower-cased names, as a ratio of the longer name.

/** Edit distance (insert, delete, substitute; each costs 1). Two rows: names are short. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const sub = (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(sub, (prev[j] as number) + 1, (row[j - 1] as number) + 1));
    }
    prev = row;
  }
  return prev[b.length] as number;
}

/** 1 for names equal but for letter case, down to 0 for names with nothing in common. */
export function nameSimilarity(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - editDistance(x, y) / longest;
}

/** Below this, a removed and an added property are a removal and an addition, not a rename. */
export const RENAME_THRESHOLD = 0.75;
