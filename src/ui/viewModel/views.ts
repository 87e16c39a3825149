// View values the panes render, shaped from core results in the worker: fate maps, panes, bag and lost
// entries, key-aligned YAML for diffs, the changes table. No conversion policy here (that is the core's).
import { stringify } from 'yaml';
import {
  FATE_KINDS,
  formatPath,
  isRecord,
  pathKey,
  propertyBagEntries,
  setKey,
  versionChanges,
  type Catalog,
  type ConversionResult,
  type Fate,
  type FateKind,
  type Kind,
  type PropertyChangeKind,
  type Version,
} from '../../core/index.ts';
import type { BagEntry, BeforeAfterView, ChangesView, LostEntry, PaneView } from './types.ts';
import { countFates, renderHead, type FateInfo } from './renderLines.ts';
import { usedAt } from './resourceUsage.ts';
import { draftOffers } from './drafts.ts';

// When several fates name the same source field, show the one that matters most.
const rank = (k: FateKind) => FATE_KINDS[k].rank;

const isStrictPrefix = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean =>
  a.length < b.length && a.every((seg, i) => seg === b[i]);

export function fateMap(
  fates: readonly Fate[],
  side: 'source' | 'target',
  into = new Map<string, FateInfo>(),
): Map<string, FateInfo> {
  for (const f of fates) {
    const p = side === 'source' ? f.sourcePath : f.targetPath;
    if (!p) continue;
    // A value computed inside the source object (a hook filling a field) does not colour that object itself.
    if (side === 'source' && f.targetPath && isStrictPrefix(p, f.targetPath)) continue;
    const k = pathKey(p);
    const prev = into.get(k);
    if (prev && rank(prev.kind) <= rank(f.kind)) continue;
    into.set(k, {
      kind: f.kind,
      reason: f.reason,
      ...(f.code ? { code: f.code } : {}),
      ...(side === 'target' && f.sourcePath ? { src: f.sourcePath } : {}),
    });
  }
  return into;
}

export function pane(version: string, doc: unknown, fates: Map<string, FateInfo>, limit = Infinity): PaneView {
  const { lines, cut } = renderHead(doc, fates, limit);
  return { version, lines, counts: countFates(fates.values()), ...(cut ? { partial: true as const } : {}) };
}

export function documentLabel(value: unknown, index: number): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `Document ${index + 1}`;
  const v = value as { kind?: unknown; apiVersion?: unknown; metadata?: { name?: unknown } };
  const name = typeof v.metadata?.name === 'string' ? ` ${v.metadata.name}` : '';
  return `${index + 1}: ${typeof v.kind === 'string' ? v.kind : '?'}${name} (${typeof v.apiVersion === 'string' ? v.apiVersion : 'no apiVersion'})`;
}

/** Every `$propertyBag` entry of a storage document (decoded by the core's bag rules), with its reason. */
export function bagEntries(doc: unknown, fates: readonly Fate[], source?: Version): BagEntry[] {
  return propertyBagEntries(doc, fates, source).map((e) => ({
    path: e.path,
    key: e.key,
    raw: e.raw,
    decoded: e.decoded,
    ...(e.sourcePath ? { sourcePath: e.sourcePath } : {}),
    ...(e.fate ? { reason: e.fate.reason } : {}),
  }));
}

export function lostEntries(hub: ConversionResult, target: ConversionResult | undefined): LostEntry[] {
  const out: LostEntry[] = [];
  const seen = new Set<string>();
  const add = (f: Fate, stage: 'hub' | 'target') => {
    if (f.kind !== 'lost' && f.kind !== 'pruned') return;
    const p = f.sourcePath ?? f.targetPath ?? [];
    const k = `${f.kind}\u0001${pathKey(p)}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ kind: f.kind, path: p, reason: f.reason, ...(f.code ? { code: f.code } : {}), stage });
  };
  hub.fates.forEach((f) => add(f, 'hub'));
  target?.fates.forEach((f) => add(f, 'target'));
  return out;
}

/**
 * `value` with object keys in `reference`'s order (then its own), so panes and diffs show changes, not
 * reordering. Objects already in order are returned as they are (a 1 MB document is walked, not copied).
 */
export function alignKeys(reference: unknown, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!Array.isArray(reference)) return value;
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const c = alignKeys(reference[i], value[i]);
      if (c !== value[i]) (out ??= value.slice())[i] = c;
    }
    return out ?? value;
  }
  if (!isRecord(value) || !isRecord(reference)) return value;
  const keys = Object.keys(value);
  const refKeys = Object.keys(reference);
  let kids: Map<string, unknown> | undefined;
  // In order already when the shared keys come in the reference's order, before any key of its own: checked
  // with one cursor into the reference's keys (no list built for the usual, ordered, object).
  let inOrder = true;
  let own = false;
  let at = 0;
  for (const k of keys)
    if (Object.hasOwn(reference, k)) {
      const c = alignKeys(reference[k], value[k]);
      if (c !== value[k]) (kids ??= new Map()).set(k, c);
      if (own) inOrder = false;
      while (inOrder && at < refKeys.length && refKeys[at] !== k) at++;
      if (at === refKeys.length) inOrder = false;
      else at++;
    } else own = true;
  if (!kids && inOrder) return value;
  const order = refKeys.filter((k) => Object.hasOwn(value, k));
  for (const k of keys) if (!Object.hasOwn(reference, k)) order.push(k);
  const out: Record<string, unknown> = {};
  for (const k of order) setKey(out, k, kids?.has(k) ? kids.get(k) : value[k]);
  return out;
}

export function toYaml(v: unknown): string {
  return v === undefined ? '' : stringify(v, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** A document and its image after a trip, as YAML with the image's keys in the document's order. */
export const beforeAfter = (version: string, value: unknown, after: unknown, lossless: boolean): BeforeAfterView => ({
  version,
  before: toYaml(value),
  after: toYaml(alignKeys(value, after)),
  lossless,
});

const CHANGE_LABEL: Record<PropertyChangeKind, string> = {
  'added-optional': 'added (optional)',
  'added-required': 'added (required)',
  removed: 'removed',
  renamed: 'renamed',
  'type-changed': 'type changed',
  'became-required': 'became required',
  'became-optional': 'became optional',
  'enum-narrowed': 'enum values removed',
  'enum-widened': 'enum values added',
  'validation-tightened': 'validation tightened',
  'validation-loosened': 'validation loosened',
};

export function changesView(
  catalog: Catalog,
  kind: Kind,
  from: string,
  to: string,
  doc: unknown,
): ChangesView | undefined {
  const r = versionChanges(catalog, { group: kind.group, kind: kind.kind }, from, to).changes;
  if (!r) return undefined;
  const drafts = draftOffers(catalog, kind, from, to);
  return {
    from,
    to,
    verdict: r.compatible ? 'compatible' : 'breaking',
    compatible: r.compatible,
    rows: r.changes.map((c) => ({
      path: formatPath(c.path) + (c.renamedTo ? ` → ${c.renamedTo}` : ''),
      change: CHANGE_LABEL[c.change],
      kind: c.change,
      detail: c.detail,
      compatible: !c.breaking,
      ...usedAt(doc, c.path),
    })),
    ...(drafts ? { drafts } : {}),
  };
}
