// A structural schema compiled once per schema object for the pipeline's hot path: property maps, and whether a
// subtree holds any default or embedded resource at all (so defaulting and ObjectMeta coercion skip the rest).
// Derived schemas may be cyclic: nodes are cached before their children are compiled.
import { defaultOf, isEmbedded, isNullable, isPlainObject, preservesUnknown, type Schema } from './schemaNode.ts';

export interface Node {
  readonly raw: Schema;
  readonly props: ReadonlyMap<string, Node> | undefined;
  /** undefined: no additionalProperties; null: `true`/`false` (keys kept, values schemaless). */
  readonly additional: Node | null | undefined;
  readonly items: Node | undefined;
  readonly preserve: boolean;
  readonly embedded: boolean;
  readonly nullable: boolean;
  readonly hasDefault: boolean;
  readonly scalar: boolean;
  /** Some node below (or this one's properties/items/values) carries a default. */
  deepDefaults: boolean;
  /** Some node at or below is an embedded resource. */
  deepEmbedded: boolean;
}

const cache = new WeakMap<Schema, Node>();
const SCALARS: ReadonlySet<unknown> = new Set(['string', 'integer', 'number', 'boolean']);

export function compile(s: Schema): Node {
  const hit = cache.get(s);
  if (hit) return hit;
  const created: Node[] = [];
  const root = build(s, created);
  // Fixed point over the nodes just built (cycles converge: flags only turn true).
  let changed = true;
  while (changed) {
    changed = false;
    for (const n of created) {
      const kids = children(n);
      const d = n.deepDefaults || kids.some((k) => k.hasDefault || k.deepDefaults);
      const e = n.deepEmbedded || n.embedded || kids.some((k) => k.deepEmbedded);
      if (d !== n.deepDefaults || e !== n.deepEmbedded) {
        n.deepDefaults = d;
        n.deepEmbedded = e;
        changed = true;
      }
    }
  }
  return root;
}

function children(n: Node): Node[] {
  const out = n.props ? [...n.props.values()] : [];
  if (n.additional) out.push(n.additional);
  if (n.items) out.push(n.items);
  return out;
}

function build(s: Schema, created: Node[]): Node {
  const hit = cache.get(s);
  if (hit) return hit;
  const n = {
    raw: s,
    props: undefined as Map<string, Node> | undefined,
    additional: undefined as Node | null | undefined,
    items: undefined as Node | undefined,
    preserve: preservesUnknown(s),
    embedded: isEmbedded(s),
    nullable: isNullable(s),
    hasDefault: defaultOf(s) !== undefined,
    scalar: SCALARS.has(s.type) || s['x-kubernetes-int-or-string'] === true,
    deepDefaults: false,
    deepEmbedded: false,
  };
  cache.set(s, n);
  created.push(n);
  if (isPlainObject(s.properties)) {
    const props = new Map<string, Node>();
    for (const k of Object.keys(s.properties)) {
      const p = s.properties[k];
      if (isPlainObject(p)) props.set(k, build(p, created));
    }
    n.props = props;
  }
  const a = s.additionalProperties;
  if (a !== undefined) n.additional = isPlainObject(a) ? build(a, created) : null;
  if (isPlainObject(s.items)) n.items = build(s.items, created);
  return n;
}
