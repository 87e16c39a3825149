// What a link carries for the user's own catalog: only the CRDs the input's kinds need, minimised
// (importers/minimalSources.ts), pinned by the hash of the catalog those files import to. A catalog whose files
// came from https URLs is referred to by the one URL it needs and that file's content hash instead.
import { parseAllDocuments } from 'yaml';
import { minimalSources, type KindName, type MinimalSources } from '../../importers/index.ts';
import type { ExplorerState } from '../state.ts';

/** Where a loaded file came from, when it was fetched from a URL (Load from URL). */
export interface SourceOrigin {
  readonly name: string;
  readonly url: string;
  readonly hash: string;
}

/** What the link keeps and leaves out (see MinimalSources), without the files themselves. */
export interface LinkReport extends Omit<MinimalSources, 'sources'> {
  /** Set when the link refers to the catalog by this URL instead of embedding it. */
  readonly url?: string;
}

export interface LinkPlan {
  readonly state: ExplorerState;
  readonly report?: LinkReport;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Group and kind of every document of the input (List items included); unreadable documents are skipped. */
export function neededKinds(input: string): KindName[] {
  const out = new Map<string, KindName>();
  const add = (v: unknown) => {
    if (!isRecord(v) || typeof v.kind !== 'string' || typeof v.apiVersion !== 'string') return;
    if (v.kind === 'List' && Array.isArray(v.items)) {
      v.items.forEach(add);
      return;
    }
    const slash = v.apiVersion.lastIndexOf('/');
    const group = slash < 0 ? '' : v.apiVersion.slice(0, slash);
    out.set(`${v.kind}.${group}`, { group, kind: v.kind });
  };
  try {
    for (const doc of parseAllDocuments(input)) {
      if ('errors' in doc && doc.errors.length > 0) continue;
      add(doc.toJS({ maxAliasCount: 100 }));
    }
  } catch {
    // an unreadable input needs no kind: the link then keeps every kind
  }
  return [...out.values()].sort((a, b) => (`${a.kind}.${a.group}` < `${b.kind}.${b.group}` ? -1 : 1));
}

/** Imports files into a catalog and returns its hash (`undefined` when they import to nothing). */
export type CatalogHasher = (sources: readonly { name: string; text: string }[]) => Promise<string | undefined>;

/** The state a link carries: the user's catalog minimised for the input's kinds (other catalogs as they are). */
export async function planLink(
  state: ExplorerState,
  hashOf: CatalogHasher,
  origins: readonly SourceOrigin[] = [],
): Promise<LinkPlan> {
  const c = state.catalog;
  if (c.type !== 'embedded' || c.sources.length === 0) return { state };
  const plan = await planCatalog(c, neededKinds(state.input), origins, hashOf);
  return { ...plan, state: { ...state, catalog: plan.state.catalog } };
}

async function planCatalog(
  c: Extract<ExplorerState['catalog'], { type: 'embedded' }>,
  kinds: readonly KindName[],
  origins: readonly SourceOrigin[],
  hashOf: CatalogHasher,
): Promise<LinkPlan> {
  const base: ExplorerState = { catalog: c, input: '', document: 0, view: 'bag' };
  const min = minimalSources(c.sources, kinds);
  const report = {
    kept: min.kept,
    leftOutKinds: min.leftOutKinds,
    leftOutFiles: min.leftOutFiles,
    bytesBefore: min.bytesBefore,
    bytesAfter: min.bytesAfter,
  };
  // Every needed kind in one file fetched from a URL: the URL and its hash say it all.
  const kept = c.sources.filter((s) => min.sources.some((m) => m.name === s.name));
  const origin = kept.length === 1 ? origins.find((o) => o.name === kept[0]?.name) : undefined;
  if (origin && min.sources.length === 1)
    return {
      state: { ...base, catalog: { type: 'url', url: origin.url, hash: origin.hash } },
      report: { ...report, url: origin.url },
    };
  const hash = await hashOf(min.sources);
  if (hash === undefined) return { state: base }; // keep the files as loaded
  return {
    state: { ...base, catalog: { type: 'embedded', name: c.name, hash, sources: min.sources } },
    report,
  };
}

/**
 * The text of one document of a multi-document input (the shorter form offered when a link is too long), or
 * `undefined` when there is nothing to leave out (one document, a `List`, or unreadable text).
 */
export function onlyDocument(input: string, index: number): string | undefined {
  try {
    const docs = parseAllDocuments(input).filter((d) => d.contents !== null);
    if (docs.length < 2 || docs.some((d) => d.errors.length > 0)) return undefined;
    const values = docs.map((d) => d.toJS({ maxAliasCount: 100 }) as unknown);
    if (values.some((v) => isRecord(v) && v.kind === 'List')) return undefined;
    const doc = docs[index];
    const range = doc?.contents?.range;
    return range ? `${input.slice(range[0], range[2]).trimEnd()}\n` : undefined;
  } catch {
    return undefined;
  }
}
