// Which parts of a plan and of a change list the input document actually uses: the reviewer's filter
// ("types in my resource") and marker ("used in your resource") in the Conversion plan and Changes tabs.
import { pathKey, type Path, type Plan, type TypePlan } from '../../core/index.ts';

/** The key a plan table uses for one type plan of one hop. */
export const planTypeKey = (hop: { readonly from: string; readonly to: string }, sourceType: string): string =>
  `${hop.from}>${hop.to}:${sourceType}`;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The type plans (planTypeKey) whose objects occur in `doc`: from each hop's root type, through the
 * properties the document has (array items and map values included). Later hops follow the same
 * document, so a property renamed on the way is not followed there.
 */
export function usedPlanTypes(plan: Plan, doc: unknown): string[] {
  const out = new Set<string>();
  for (const hop of plan.hops) {
    const byType = new Map<string, TypePlan>(hop.types.map((t) => [t.sourceType, t]));
    const root = hop.types[0];
    if (!root) continue;
    const children = (t: TypePlan): TypePlan[] =>
      t.steps.flatMap((s) => {
        const c = s.source && s.nested ? byType.get(s.nested.sourceType) : undefined;
        return c ? [c] : [];
      });
    // The types an object of type t can lead to (itself included), computed once per type.
    const reach = new Map<string, readonly string[]>();
    const reachable = (t: TypePlan): readonly string[] => {
      let r = reach.get(t.sourceType);
      if (!r) {
        const found = new Set<string>([t.sourceType]);
        const stack = [t];
        for (let x = stack.pop(); x; x = stack.pop())
          for (const c of children(x))
            if (!found.has(c.sourceType)) {
              found.add(c.sourceType);
              stack.push(c);
            }
        r = [...found].map((st) => planTypeKey(hop, st));
        reach.set(t.sourceType, r);
      }
      return r;
    };
    // A type whose reachable types are all found already: another object of it adds nothing (on 1 MB of
    // repeated items, the walk then stops at the first few instead of visiting every object).
    const complete = new Set<string>();
    // (Checked again only when something new was found since.)
    const checkedAt = new Map<string, number>();
    const isComplete = (t: TypePlan): boolean => {
      if (complete.has(t.sourceType)) return true;
      if (checkedAt.get(t.sourceType) === out.size) return false;
      checkedAt.set(t.sourceType, out.size);
      if (!out.has(planTypeKey(hop, t.sourceType)) || !reachable(t).every((k) => out.has(k))) return false;
      complete.add(t.sourceType);
      return true;
    };
    const seen = new Set<unknown>();
    const visit = (t: TypePlan, v: unknown) => {
      if (!isObject(v) || seen.has(v) || isComplete(t)) return;
      seen.add(v);
      out.add(planTypeKey(hop, t.sourceType));
      for (const s of t.steps) {
        if (!s.source || !s.nested || !Object.hasOwn(v, s.source)) continue;
        const child = byType.get(s.nested.sourceType);
        if (!child) continue;
        const x = v[s.source];
        const isMap = s.sourceType?.replace(/^\*/, '').startsWith('map[') ?? false;
        if (Array.isArray(x)) x.forEach((item) => visit(child, item));
        else if (isMap && isObject(x)) Object.values(x).forEach((item) => visit(child, item));
        else visit(child, x);
      }
    };
    visit(root, doc);
  }
  return [...out];
}

/**
 * The first place in `doc` that `path` names (`*`: any array item or map value), as a pathKey; undefined
 * when the document has nothing there.
 */
export function firstUse(doc: unknown, path: Path): string | undefined {
  const walk = (v: unknown, i: number, at: (string | number)[]): string | undefined => {
    if (i === path.length) return pathKey(at);
    const seg = path[i] as string | number;
    if (seg === '*') {
      if (Array.isArray(v)) {
        for (let j = 0; j < v.length; j++) {
          const r = walk(v[j], i + 1, [...at, j]);
          if (r !== undefined) return r;
        }
      } else if (isObject(v))
        for (const k of Object.keys(v)) {
          const r = walk(v[k], i + 1, [...at, k]);
          if (r !== undefined) return r;
        }
      return undefined;
    }
    if (Array.isArray(v) && typeof seg === 'number')
      return seg < v.length ? walk(v[seg], i + 1, [...at, seg]) : undefined;
    if (!isObject(v) || !Object.hasOwn(v, String(seg))) return undefined;
    return walk(v[String(seg)], i + 1, [...at, seg]);
  };
  return walk(doc, 0, []);
}

/** `{ usedAt }` for a change row whose path the document uses, else nothing. */
export function usedAt(doc: unknown, path: Path): { usedAt?: string } {
  const at = firstUse(doc, path);
  return at === undefined ? {} : { usedAt: at };
}
