// ASO's `genruntime.ToEnum`: an enum value read case-insensitively and given back in its canonical case (`user`
// reads as `User`); a value that is no member is kept as it is (Go's literal cast), never dropped.
export type EnumValue = string | number | boolean;

/** The canonical member per lower-cased string value (the first of members differing only in case). */
export function enumLookup(values: readonly EnumValue[]): ReadonlyMap<string, string> {
  const lower = new Map<string, string>();
  for (const v of values) if (typeof v === 'string' && !lower.has(v.toLowerCase())) lower.set(v.toLowerCase(), v);
  return lower;
}

/** `value` in its canonical case when it names a member of the enum, case-insensitively; else `value` itself. */
export function toEnum(value: string, lookup: ReadonlyMap<string, string>): string {
  return lookup.get(value.toLowerCase()) ?? value;
}
