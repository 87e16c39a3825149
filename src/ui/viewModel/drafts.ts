// Rule drafts for the Changes tab, made in the worker (drafting compiles CEL, which the page does not load) and
// posted as plain data; once per catalog, kind and pair of versions, not on every edit of the resource.
import { draftData, draftRules, type Catalog, type DraftData, type DraftTarget, type Kind } from '../../core/index.ts';

export interface DraftOffers {
  readonly target: DraftTarget;
  readonly offers: readonly DraftData[];
}

const memo = new WeakMap<Catalog, Map<string, DraftOffers | undefined>>();

/** The strong drafts between two versions, the pair ordered older -> newer as rules files are. */
export function draftOffers(catalog: Catalog, kind: Kind, a: string, b: string): DraftOffers | undefined {
  const order = (v: string) => kind.versions.findIndex((x) => x.name === v);
  const [from, to] = order(a) <= order(b) ? [a, b] : [b, a];
  const key = `${kind.group}\u0000${kind.kind}\u0000${from}\u0000${to}`;
  let byPair = memo.get(catalog);
  if (!byPair) memo.set(catalog, (byPair = new Map()));
  if (byPair.has(key)) return byPair.get(key);
  const r = draftRules(catalog, { group: kind.group, kind: kind.kind }, from, to);
  const offers = r.drafts.filter((d) => d.confidence === 'strong').map(draftData);
  const out = r.target && offers.length > 0 ? { target: r.target, offers } : undefined;
  byPair.set(key, out);
  return out;
}
