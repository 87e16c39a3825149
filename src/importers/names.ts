// Naming rules shared by the importers.

/**
 * Bag key of a property: its JSON name with the first letter upper-cased (`firstName` -> `FirstName`,
 * `apiVersion` -> `ApiVersion`). ASO's Go names would upper-case initialisms (`APIVersion`); a
 * config `bagKeys` entry overrides the rule where that matters.
 */
export const bagKeyOf = (jsonName: string): string => jsonName.charAt(0).toUpperCase() + jsonName.slice(1);

/** Type-name segment of a JSON name: alphanumeric runs, each capitalised (`sourceRef` -> `SourceRef`, `x-foo.bar` -> `XFooBar`). */
export function typeSegment(jsonName: string): string {
  const parts = jsonName.split(/[^A-Za-z0-9]+/).filter((p) => p !== '');
  const s = parts.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
  return s === '' ? 'Property' : /^\d/.test(s) ? `P${s}` : s;
}

/** Allocates unique type names in first-come order: `Name`, `Name2`, `Name3`, ... */
export class NameAllocator {
  private readonly used = new Set<string>();
  take(wanted: string): string {
    let name = wanted;
    for (let i = 2; this.used.has(name); i++) name = `${wanted}${i}`;
    this.used.add(name);
    return name;
  }
  has(name: string): boolean {
    return this.used.has(name);
  }
}

/** Plain code-unit order (locale-independent, so output bytes never depend on the machine): core's. */
export { byString } from '../core/index.ts';

/** Bag keys unique within a type: on a clash the property whose JSON name already is the key keeps it; others use their JSON name. */
export function uniqueBagKeys<T extends { name: string; bagKey: string }>(props: T[]): T[] {
  const count = new Map<string, number>();
  for (const p of props) count.set(p.bagKey, (count.get(p.bagKey) ?? 0) + 1);
  return props.map((p) => ((count.get(p.bagKey) ?? 0) > 1 && p.name !== p.bagKey ? { ...p, bagKey: p.name } : p));
}
