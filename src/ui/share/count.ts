// Counts written as `toLocaleString('en')` writes them (1,234,567), without Intl: a page's first call into
// Intl loads its number data, about 13 ms on the main thread during the first render (the link meter).

/** `n.toLocaleString('en')` for integers: digits grouped by three with commas. */
export function count(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en');
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = digits.slice(Math.max(0, end - 3), end) + (out && `,${out}`);
  return n < 0 ? `-${out}` : out;
}
