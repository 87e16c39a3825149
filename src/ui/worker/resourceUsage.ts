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
    const seen = new Set<unknown>();
    const visit = (t: TypePlan, v: unknown) => {
      if (!isObject(v) || seen.has(v)) return;
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
