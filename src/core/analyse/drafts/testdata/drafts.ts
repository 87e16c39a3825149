// Shared by the drafts' tests: the fixture catalogs, a draft written short, a two-version CRD built from two spec
// schemas, and the round trip through a pair's lossless drafts on generated instances.
import fc from 'fast-check';
import { expect } from 'vitest';
import { importFiles } from '../../../../importers/index.ts';
import { findKind } from '../../../catalog/catalogLookup.ts';
import type { Catalog } from '../../../model/model.ts';
import { parseRules } from '../../../rules/parse.ts';
import { fixtureCatalog, keyedListsSound } from '../../../rules/testdata/load.ts';
import { arbitraryInstance } from '../../../testing/arbitrary.ts';
import { checkRulesByRoundTrip } from '../../rulesCheck.ts';
import { draftRules, type RuleDraft } from '../draft.ts';
import { formatDrafts } from '../draftText.ts';

export const store = fixtureCatalog('drafts-crd.yaml');
export const backup = fixtureCatalog('backup-crd.yaml');
export const nodes = fixtureCatalog('drafts-maplist-crd.yaml');
export const gates = fixtureCatalog('drafts-listitems-crd.yaml');
export const strong = (ds: readonly RuleDraft[]) => ds.filter((d) => d.confidence === 'strong');
/** A draft as `op from -> to` (enum: with its value map). */
export const brief = (d: RuleDraft): string => {
  const r = d.rule;
  if (r.op === 'enum') return `enum ${r.from.text} ${JSON.stringify([...r.values])}`;
  if (r.op === 'compute') return `compute ${r.up.map((t) => t.to.text).join(',')}`;
  if (r.op === 'move') return `move ${r.from.text} -> ${r.to.text}`;
  if (r.op === 'mapToList' || r.op === 'listToMap')
    return `${r.op} ${r.from.text}${r.to.text === r.from.text ? '' : ` -> ${r.to.text}`} key=${r.key}${r.value === undefined ? '' : ` value=${r.value}`}`;
  return r.op;
};

/** Generated instances of both versions of the pair (fixed seed: reproducible). */
function generated(catalog: Catalog, kindName: string, versions: readonly string[], runs: number) {
  const kind = findKind(catalog, kindName)!;
  return versions.flatMap((v) =>
    fc
      .sample(arbitraryInstance(catalog, kind, v, { maxDepth: 3, maxItems: 2, status: false }), {
        numRuns: runs,
        seed: 7,
      })
      .map((doc, i) => ({ doc, source: `generated ${v} #${i}` })),
  );
}

const LOSSLESS = new Set(['move', 'enum', 'mapToList', 'listToMap']);

/**
 * The errors of round trips through the move, enum and map <-> list drafts (the compute skeletons are the user's to
 * finish). A list a map <-> list draft reads is one a map could hold (keys once each: keyedListsSound).
 */
export function roundTripErrors(catalog: Catalog, kindName: string, from: string, to: string, runs = 40) {
  const r = draftRules(catalog, kindName, from, to);
  const lossless = strong(r.drafts).filter((d) => LOSSLESS.has(d.rule.op));
  const parsed = parseRules(formatDrafts(lossless, r.target!));
  const rules = parsed.ruleSet.conversions.flatMap((c) => c.rules);
  const inputs = generated(catalog, kindName, [from, to], runs).filter((x) => keyedListsSound(x.doc, rules));
  const reports = checkRulesByRoundTrip(parsed.ruleSet, catalog, inputs);
  // every generated document went there and back (a conversion with no rules would check nothing)
  if (lossless.length > 0) expect(reports.length).toBe(inputs.length);
  return { count: lossless.length, errors: reports.flatMap((x) => x.issues).filter((i) => i.severity === 'error') };
}

/** A CRD of two versions as JSON text (JSON is YAML). */
export function crd(v1: Record<string, unknown>, v2: Record<string, unknown>): Catalog {
  const version = (name: string, spec: Record<string, unknown>) => ({
    name,
    served: true,
    storage: name === 'v2',
    schema: {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          metadata: { type: 'object' },
          spec: { type: 'object', properties: spec },
        },
      },
    },
  });
  const doc = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'things.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Thing', plural: 'things', singular: 'thing', listKind: 'ThingList' },
      scope: 'Namespaced',
      versions: [version('v1', v1), version('v2', v2)],
    },
  };
  return importFiles([{ name: 'thing.json', text: JSON.stringify(doc) }], { id: 'p', title: 'p' }).catalog;
}
