import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../importers/index.ts';
import {
  asoVerdict,
  convertResource,
  deployedVerdict,
  findVersion,
  formatPath,
  rejectionsOn,
  runDeployed,
  validateDocument,
  verdictExitCode,
  verdictHeadline,
  type Catalog,
  type Issue,
  type Kind,
  type Verdict,
  type VerdictStatus,
} from '../index.ts';
import { builtinCatalog } from '../testdata/loadCatalogs.ts';

const crd = readFileSync(path.join(import.meta.dirname, '../models/deployed/testdata/widgets-crd.yaml'), 'utf8');
const load = (text: string): { catalog: Catalog; kind: Kind } => {
  const { catalog } = importFiles([{ name: 'crd.yaml', text }], { id: 't', title: 't' });
  return { catalog, kind: catalog.kinds[0] as Kind };
};
const none = load(crd);
const webhook = load(crd.replace('  scope: Namespaced\n', '  scope: Namespaced\n  conversion: {strategy: Webhook}\n'));
// v1 rejects a size over 10 (the API server's validation of the write)
const bounded = load(
  crd.replace('size: { type: integer, default: 1 }', 'size: { type: integer, default: 1, maximum: 10 }'),
);

const widget = (version: string, spec: Record<string, unknown>) => ({
  apiVersion: `example.com/${version}`,
  kind: 'Widget',
  metadata: { name: 'w' },
  spec,
});

function verdictOf(c: { catalog: Catalog; kind: Kind }, doc: Record<string, unknown>, to: string): Verdict {
  const from = findVersion(c.kind, String(doc.apiVersion).split('/')[1] as string)!;
  const T = findVersion(c.kind, to)!;
  const result = runDeployed(c.catalog, c.kind, from, doc, T);
  const roundTrip = runDeployed(c.catalog, c.kind, from, doc, from);
  const validation = validateDocument(c.catalog, doc).issues;
  return deployedVerdict({ result, validation, roundTrip });
}

describe('the As deployed verdict', () => {
  it('is lossy when the write drops a field, naming the field and the version whose schema dropped it', () => {
    const v = verdictOf(none, widget('v1', { old: 'x', size: 3 }), 'v1');
    expect(v.status).toBe('lossy');
    expect(v.lost.map((l) => [formatPath(l.path), l.on, l.by])).toEqual([['spec.old', 'write', 'v2']]);
    expect(v.roundTrip).toEqual({ version: 'v1', lossless: false, lost: [['spec', 'old']] });
    expect(verdictExitCode(v)).toBe(1);
    expect(verdictHeadline(v)).toContain('spec.old');
  });

  it('is lossless for an object every version holds, and exits 0', () => {
    const v = verdictOf(none, widget('v2', { size: 3, color: 'blue' }), 'v2');
    expect(v.status).toBe('lossless');
    expect(v.view).toBe('deployed');
    expect(v.stored).toBe('v2');
    expect(verdictExitCode(v)).toBe(0);
  });

  it('is rejected when the API server refuses the write at its version, whatever else is lost', () => {
    const v = verdictOf(bounded, widget('v1', { old: 'x', size: 30 }), 'v2');
    expect(v.status).toBe('rejected');
    expect(v.rejections.map((r) => [r.on, formatPath(r.issue.path)])).toEqual([['write', 'spec.size']]);
    expect(verdictExitCode(v)).toBe(1);
    expect(verdictHeadline(v)).toMatch(/^Would be rejected: the write at v1 fails at spec\.size/);
  });

  it('cannot tell when a webhook the explorer does not know converts, and that is no all-clear', () => {
    const v = verdictOf(webhook, widget('v1', { shape: 'round', size: 3 }), 'v1');
    expect(v.status).toBe('undetermined');
    expect(v.undetermined.map((u) => [u.from, u.to])).toContainEqual(['v1', 'v2']);
    expect(verdictExitCode(v)).toBe(1);
  });

  it('counts a rejection by a client at the target that writes back what it read', () => {
    const result = runDeployed(
      none.catalog,
      none.kind,
      findVersion(none.kind, 'v2')!,
      widget('v2', {}),
      findVersion(none.kind, 'v1')!,
    );
    const bad: Issue = { severity: 'error', code: 'REQUIRED_MISSING', message: 'required', path: ['spec', 'x'] };
    const v = deployedVerdict({ result, targetValidation: [bad] });
    expect(v.status).toBe('rejected');
    expect(v.rejections.map((r) => r.on)).toEqual(['write-back']);
  });
});

describe('the ASO verdict', () => {
  const sf = builtinCatalog('servicefabric');
  const cluster = sf.kinds[0] as Kind;
  const from = cluster.versions.find((v) => v.role === 'api')!;
  const doc = { apiVersion: `${cluster.group}/${from.name}`, kind: cluster.kind, metadata: { name: 'c' }, spec: {} };

  it('is rejected when the target requires a field the source lacks, and says so on the write-back', () => {
    const hub = convertResource(sf, doc, 'hub');
    const target = convertResource(sf, doc, hub.to);
    const missing = [...hub.fates, ...target.fates].filter((f) => f.kind === 'required-missing');
    const v = asoVerdict({ hub, target });
    expect(v.view).toBe('aso');
    expect(v.status).toBe(missing.length > 0 ? 'rejected' : v.lost.length > 0 ? 'lossy' : 'lossless');
    expect(v.rejections.filter((r) => r.issue.code === 'REQUIRED_MISSING')).toHaveLength(missing.length);
  });
});

describe('any deployed verdict', () => {
  const base = runDeployed(
    none.catalog,
    none.kind,
    findVersion(none.kind, 'v2')!,
    widget('v2', {}),
    findVersion(none.kind, 'v1')!,
  );
  const issue = fc.record({
    severity: fc.constantFrom('error' as const, 'warning' as const),
    code: fc.constant('SCHEMA_VIOLATION' as const),
    message: fc.string(),
    path: fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }),
  });
  const fate = fc.record({
    kind: fc.constantFrom(
      'dropped-on-write',
      'dropped-on-read',
      'defaulted',
      'webhook-not-modelled',
      'converted' as const,
    ),
    on: fc.constantFrom('write', 'read' as const),
    by: fc.constantFrom('v1', 'v2'),
    step: fc.constant('prune' as const),
    cause: fc.constantFrom('unknown-field', 'rule-dropped', 'webhook-not-modelled' as const),
    pane: fc.constantFrom('resource', 'stored', 'target' as const),
    path: fc.array(fc.constantFrom('spec', 'a', '__proto__', 'constructor'), { minLength: 1, maxLength: 3 }),
  });
  const parts = fc.record({
    fates: fc.array(fate, { maxLength: 8 }),
    rejections: fc.array(fc.record({ on: fc.constantFrom('write', 'read' as const), issue }), { maxLength: 2 }),
    validation: fc.array(issue, { maxLength: 3 }),
  });

  it('has the worst status its parts allow, exits 0 only when lossless, and always has a headline', () => {
    fc.assert(
      fc.property(parts, ({ fates, rejections, validation }) => {
        const result = { ...base, fates, rejections, rejected: rejections.length > 0 };
        const v = deployedVerdict({ result, validation });
        const rejected = rejections.length > 0 || validation.some((i) => i.severity === 'error');
        const lossy = fates.some((f) => f.kind.startsWith('dropped') && f.cause !== 'rule-dropped');
        const unknown = fates.some((f) => f.kind === 'webhook-not-modelled');
        const expected: VerdictStatus = rejected ? 'rejected' : lossy ? 'lossy' : unknown ? 'undetermined' : 'lossless';
        expect(v.status).toBe(expected);
        expect(verdictExitCode(v)).toBe(expected === 'lossless' ? 0 : 1);
        expect(verdictHeadline(v).length).toBeGreaterThan(0);
        // one loss per path, never an intended drop
        expect(new Set(v.lost.map((l) => JSON.stringify(l.path))).size).toBe(v.lost.length);
        // the panes' badges split the rejections: each one on exactly one side, the write on the source
        const source = rejectionsOn(v, 'source');
        const target = rejectionsOn(v, 'target');
        expect(source.length + target.length).toBe(v.rejections.length);
        expect(source.every((r) => r.on === 'write')).toBe(true);
        expect(target.some((r) => r.on === 'write')).toBe(false);
        expect(source.length + target.length > 0).toBe(v.status === 'rejected');
      }),
    );
  });
});
