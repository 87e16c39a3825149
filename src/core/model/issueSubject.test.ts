// Issue.subject: what an issue's path is rooted in. Only document paths are looked up in a document's ranges.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { importFiles } from '../../importers/index.ts';
import { locateIssue } from '../analyse/explorePolicy.ts';
import { checkHooks, hookRegistry } from '../plan/hooks.ts';
import { issue, type Issue, type IssueSubject } from './issue.ts';
import { loadCatalog } from '../catalog/catalogSchema.ts';
import { parseResources } from '../text/parseResources.ts';
import { pathKey, type Path } from './path.ts';
import { planConversion } from '../plan/planConversion.ts';
import type { SourceRange } from './issue.ts';
import { chained, serviceFabric } from '../testdata/fixtures.ts';

const NOT_DOCUMENT: readonly IssueSubject[] = ['catalog', 'config', 'source', 'plan', 'hooks'];
const range = (line: number): SourceRange => ({
  start: { line, col: 1, offset: line * 10 },
  end: { line, col: 5, offset: line * 10 + 4 },
});
/** Ranges for every prefix of `path` (line = prefix length + 1), as a parsed document has for its fields. */
const rangesAlong = (path: Path) => new Map(path.map((_, n) => [pathKey(path.slice(0, n + 1)), range(n + 2)]));
const segment = fc.oneof(fc.string({ maxLength: 6 }), fc.nat(5));

describe('locateIssue and Issue.subject', () => {
  it('locates a document issue (no subject, or subject document) at its path, else its nearest ancestor', () => {
    const ranges = rangesAlong(['spec', 'a']);
    for (const subject of [undefined, 'document'] as const) {
      const at = (path: Path) => locateIssue(issue('error', 'LOST', 'm', path, subject ? { subject } : {}), ranges);
      expect(at(['spec', 'a'])).toEqual({ range: range(3), exact: true, at: ['spec', 'a'] });
      expect(at(['spec', 'b'])).toEqual({ range: range(2), exact: false, at: ['spec'] });
      expect(at(['status'])).toBeUndefined();
    }
  });

  it('never locates an issue whose path is rooted elsewhere, even where the document has that path', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.constantFrom(...NOT_DOCUMENT), (path, s) => {
        const ranges = rangesAlong(path);
        expect(locateIssue(issue('error', 'LOST', 'm', path), ranges)?.exact).toBe(true);
        expect(locateIssue(issue('error', 'LOST', 'm', path, { subject: s }), ranges)).toBeUndefined();
      }),
    );
  });

  it('leaves an issue that already has a range alone', () => {
    expect(locateIssue(issue('error', 'LOST', 'm', ['spec'], { range: range(9) }), rangesAlong(['spec']))).toBe(
      undefined,
    );
  });

  it('plan issues ([type, property]) are not placed on a document field of the same name', () => {
    const { issues } = planConversion(serviceFabric(), 'Cluster', 'hub', '2016-03-01');
    const planIssue = issues.find((i) => i.path.length === 2);
    expect(planIssue?.subject).toBe('plan');
    const [type, property] = planIssue!.path as [string, string];
    // A document that happens to have the same keys: without the subject the worker would mark them.
    const doc = parseResources(`${JSON.stringify(type)}:\n  ${JSON.stringify(property)}: 1\n`).documents[0]!;
    expect(locateIssue({ ...planIssue!, subject: undefined }, doc.ranges)?.exact).toBe(true);
    expect(locateIssue(planIssue!, doc.ranges)).toBeUndefined();
  });
});

describe('issues rooted outside the document say so', () => {
  const subjects = (issues: readonly Issue[]) => [...new Set(issues.map((i) => i.subject))];

  it('loadCatalog: catalog paths', () => {
    expect(subjects(loadCatalog({ formatVersion: 2, kinds: 'x' }).issues)).toEqual(['catalog']);
    expect(subjects(loadCatalog([]).issues)).toEqual(['catalog']);
    const c = JSON.parse(JSON.stringify(chained()));
    c.kinds[0].hub = 'v1';
    expect(subjects(loadCatalog(c).issues)).toEqual(['catalog']);
  });

  it('checkHooks: registration indexes', () => {
    const hook = { afterToHub: () => undefined, afterFromHub: () => undefined };
    const r = checkHooks(chained(), hookRegistry([{ kind: 'Nope', from: 'v1', to: 'v2', type: 'T', hook }]));
    expect(r.map((i) => [i.code, i.path, i.subject])).toEqual([['HOOK_UNKNOWN_TARGET', ['hooks', 0], 'hooks']]);
  });

  it('importFiles: [group, kind, version] of the inputs, and config paths', () => {
    const crd = (version: string) =>
      [
        'apiVersion: apiextensions.k8s.io/v1',
        'kind: CustomResourceDefinition',
        'metadata: {name: gadgets.example.com}',
        'spec:',
        '  group: example.com',
        '  names: {kind: Gadget, plural: gadgets}',
        '  scope: Namespaced',
        `  versions: [{name: ${version}, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]`,
      ].join('\n');
    const config = 'typeRenames:\n  - {from: Nothing, to: Nowhere}\n';
    const { issues } = importFiles([
      { name: 'a.yaml', text: crd('v1') },
      { name: 'b.yaml', text: crd('v1') },
      { name: 'config.yaml', text: config },
    ]);
    const byCode = (code: string) => issues.filter((i) => i.code === code).map((i) => [i.path, i.subject]);
    expect(byCode('DUPLICATE_VERSION')).toEqual([[['example.com', 'Gadget', 'v1'], 'source']]);
    expect(byCode('UNKNOWN_TYPE_RENAME')).toEqual([[['typeRenames', 0], 'config']]);
  });
});
