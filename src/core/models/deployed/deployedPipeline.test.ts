import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../../importers/index.ts';
import type { Catalog, Kind, Path } from '../../index.ts';
import {
  conversionUndeclared,
  defaultStorageView,
  deployedStorageVersion,
  deployedVersions,
  fieldLoss,
  findVersion,
  runDeployed,
  type DeployedResult,
} from '../../index.ts';
import { builtinCatalog, REPO } from '../../testdata/loadCatalogs.ts';
import { parseRules } from '../../rules/parse.ts';

const TESTDATA = path.join(import.meta.dirname, 'testdata');
const widgetsYaml = readFileSync(path.join(TESTDATA, 'widgets-crd.yaml'), 'utf8');

function catalogOf(text: string, name = 'crd.yaml'): { catalog: Catalog; kind: Kind } {
  const { catalog } = importFiles([{ name, text }], { id: 'test', title: 'test' });
  return { catalog, kind: catalog.kinds[0] as Kind };
}

const widgets = catalogOf(widgetsYaml);
const webhookWidgets = catalogOf(
  widgetsYaml.replace('  scope: Namespaced\n', '  scope: Namespaced\n  conversion: {strategy: Webhook}\n'),
);

function run(
  c: { catalog: Catalog; kind: Kind },
  doc: Record<string, unknown>,
  to: string,
  opts: Parameters<typeof runDeployed>[5] = {},
): DeployedResult {
  const from = String(doc.apiVersion).split('/')[1] as string;
  return runDeployed(c.catalog, c.kind, findVersion(c.kind, from)!, doc, findVersion(c.kind, to)!, opts);
}

const widget = (version: string, spec: Record<string, unknown>, metadata: unknown = { name: 'w' }) => ({
  apiVersion: `example.com/${version}`,
  kind: 'Widget',
  metadata,
  spec,
});

const fatesOf = (r: DeployedResult, kind: string): { path: Path; by: string; pane: string; on: string }[] =>
  r.fates.filter((f) => f.kind === kind).map((f) => ({ path: f.path, by: f.by, pane: f.pane, on: f.on }));

describe('the CRD as deployed', () => {
  it('lists only the CRD versions and stores at its storage: true version', () => {
    expect(deployedVersions(widgets.kind).map((v) => v.name)).toEqual(['v1', 'v2']);
    expect(deployedStorageVersion(widgets.kind).name).toBe('v2');
  });

  it('flags a multi-version CRD whose schemas differ and that declares no conversion', () => {
    expect(conversionUndeclared(widgets.kind)).toBe(true);
    expect(conversionUndeclared(webhookWidgets.kind)).toBe(false);
  });

  it('defaults to the deployed view for plain CRDs and to the ASO view for seeds and ASO-style CRDs', () => {
    expect(defaultStorageView(widgets.catalog, widgets.kind)).toBe('deployed');
    expect(defaultStorageView(widgets.catalog)).toBe('deployed');
    expect(defaultStorageView(builtinCatalog('crm-person'))).toBe('aso');
    const aso = catalogOf(readFileSync(path.join(REPO, 'src/importers/testdata/aso-managedidentity-crd.yaml'), 'utf8'));
    expect(defaultStorageView(aso.catalog, aso.kind)).toBe('aso');
    expect(defaultStorageView(aso.catalog)).toBe('aso');
  });
});

describe('None: write at V, store at S, read at T', () => {
  it('drops on write what the storage version lacks, and reading back at V does not return it', () => {
    const input = widget('v1', { size: 3, old: 'x', color: 'blue' });
    const back = run(widgets, input, 'v1');
    expect(back.stored).toEqual({ ...widget('v2', { size: 3, color: 'blue' }) });
    expect(fatesOf(back, 'dropped-on-write')).toEqual([
      { path: ['spec', 'old'], by: 'v2', pane: 'stored', on: 'write' },
    ]);
    expect(back.target).toEqual(widget('v1', { size: 3, color: 'blue' }));
    expect(back.issues.filter((i) => i.code === 'DROPPED_ON_WRITE').map((i) => i.path)).toEqual([['spec', 'old']]);
    expect(input.spec).toEqual({ size: 3, old: 'x', color: 'blue' }); // never mutated
  });

  it('prunes an object value under a scalar-typed node on write by V, with its cause', () => {
    const r = run(widgets, widget('v1', { shape: { sides: 3 } }), 'v2');
    expect(r.fates.filter((f) => f.kind === 'dropped-on-write')).toEqual([
      expect.objectContaining({ path: ['spec', 'shape', 'sides'], by: 'v1', pane: 'resource', cause: 'under-scalar' }),
    ]);
  });

  it('applies the request version defaults on write and the storage version defaults on read, never the target', () => {
    const atV1 = run(widgets, widget('v1', {}), 'v2');
    expect(atV1.stored.spec).toEqual({ size: 1, color: 'red' });
    expect(fatesOf(atV1, 'defaulted').map((f) => [f.path, f.by])).toEqual([
      [['spec', 'color'], 'v1'],
      [['spec', 'size'], 'v1'],
    ]);
    const atV2 = run(widgets, widget('v2', {}), 'v1');
    expect(atV2.stored.spec).toEqual({ size: 2 });
    expect(atV2.target.spec).toEqual({ size: 2 }); // v1's color default is not applied on read
  });

  it('removes a non-nullable null without default, keeps a nullable one, defaults a non-nullable one', () => {
    const r = run(widgets, widget('v2', { color: null, note: null, size: null }), 'v2');
    expect(r.stored.spec).toEqual({ note: null, size: 2 });
    expect(fatesOf(r, 'null-removed').map((f) => f.path)).toEqual([['spec', 'color']]);
  });

  it('reduces root and embedded metadata to ObjectMeta, keeping the embedded resource unpruned', () => {
    const template = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', bogus: 1 }, spec: { any: 1 } };
    const r = run(widgets, widget('v2', { template }, { name: 'w', extra: true, labels: {} }), 'v2');
    expect(r.stored.metadata).toEqual({ name: 'w' });
    expect((r.stored.spec as { template: unknown }).template).toEqual({ ...template, metadata: { name: 'p' } });
    expect(fatesOf(r, 'dropped-on-write').map((f) => f.path)).toEqual([
      ['metadata', 'extra'],
      ['spec', 'template', 'metadata', 'bogus'],
    ]);
    expect(r.rejected).toBe(false);
  });

  it('rejects a write whose metadata has the wrong type', () => {
    const r = run(widgets, widget('v2', {}, { name: 'w', labels: { a: 1 } }), 'v2');
    expect(r.rejected).toBe(true);
    expect(r.issues.filter((i) => i.code === 'INVALID_METADATA').map((i) => i.path)).toEqual([['metadata', 'labels']]);
    expect(r.rejections.map((x) => [x.on, x.issue.code])).toEqual([['write', 'INVALID_METADATA']]);
  });

  it('keeps map keys and prunes their values by the additionalProperties schema', () => {
    const r = run(widgets, widget('v2', { tags: { a: 'x', b: { deep: 1 } } }), 'v2');
    expect((r.stored.spec as { tags: unknown }).tags).toEqual({ a: 'x', b: {} });
  });

  it('records copied leaves only when every fate is asked for', () => {
    const doc = widget('v1', { size: 3, color: 'blue' });
    expect(fatesOf(run(widgets, doc, 'v1'), 'copied').map((f) => f.path)).toEqual([
      ['kind'],
      ['metadata', 'name'],
      ['spec', 'size'],
      ['spec', 'color'],
    ]); // document order
    expect(fatesOf(run(widgets, doc, 'v1', { fates: false }), 'copied')).toEqual([]);
  });

  it('the --conversion choice overrides a file that declares none', () => {
    const r = run(widgets, widget('v1', { shape: 'round', size: 1 }), 'v2', { conversion: 'Webhook' });
    expect(r.conversion).toBe('Webhook');
    expect(fatesOf(r, 'webhook-not-modelled').map((f) => f.path)).toEqual([['spec', 'shape']]);
  });
});

describe('Webhook on a CRD that is not ASO-style', () => {
  it('copies same-path same-type fields and marks the rest not modelled, never dropped', () => {
    const r = run(webhookWidgets, widget('v1', { size: 3, old: 'x', shape: 'round' }), 'v1');
    expect(r.stored).toEqual(widget('v2', { size: 3, color: 'red' })); // v1's default, applied before conversion
    expect(fatesOf(r, 'webhook-not-modelled').map((f) => [f.path, f.on])).toEqual([
      [['spec', 'old'], 'write'],
      [['spec', 'shape'], 'write'],
    ]);
    expect(fatesOf(r, 'dropped-on-write')).toEqual([]);
    expect(r.issues.every((i) => i.code !== 'DROPPED_ON_WRITE')).toBe(true);
  });
});

describe('Webhook on an ASO-style CRD', () => {
  const aso = catalogOf(readFileSync(path.join(REPO, 'src/importers/testdata/aso-managedidentity-crd.yaml'), 'utf8'));

  it('stores at the storage: true twin through ASO conversion and reads back what was written', () => {
    const v = deployedVersions(aso.kind)[0]!;
    const doc = {
      apiVersion: `${aso.kind.group}/${v.name}`,
      kind: aso.kind.kind,
      metadata: { name: 'id' },
      spec: { location: 'westus', owner: { name: 'rg' } },
    };
    const r = runDeployed(aso.catalog, aso.kind, v, doc, v);
    expect(r.storage).toBe(deployedStorageVersion(aso.kind).name);
    expect(r.stored.apiVersion).toBe(`${aso.kind.group}/${r.storage}`);
    expect((r.stored.spec as Record<string, unknown>).originalVersion).toBe(v.name);
    expect(r.target.spec).toEqual(doc.spec);
  });
});

describe('fieldLoss: what a version pair drops, from the schemas alone', () => {
  const s = (v: string) => findVersion(widgets.kind, v)!.schema!;

  it('lists fields of V the storage version lacks as dropped on write, and those T lacks as dropped on read', () => {
    expect(fieldLoss(s('v1'), s('v2'), s('v1'))).toEqual({ droppedOnWrite: [['spec', 'old']], droppedOnRead: [] });
    expect(fieldLoss(s('v2'), s('v2'), s('v1'))).toEqual({
      droppedOnWrite: [],
      droppedOnRead: [['spec', 'shape', 'sides']],
    });
  });

  it('agrees with the pipeline on a document holding every field', () => {
    const r = run(widgets, widget('v2', { shape: { sides: 3 }, size: 1 }), 'v1');
    expect(r.fates.filter((f) => f.kind === 'dropped-on-read').map((f) => f.path)).toEqual([
      ['spec', 'shape', 'sides'],
    ]);
  });
});

/** A rules file converting Widget v1 <-> v2 with `rules` (YAML lines under `rules:`). */
const widgetRules = (rules: string): string => `apiVersion: version-explorer.dev/v1alpha1
kind: ConversionRules
conversions:
  - kind: Widget
    from: v1
    to: v2
    rules:
${rules}`;

describe('Webhook described by rules', () => {
  const rules = parseRules(
    widgetRules('      - id: old-to-note\n        move: { from: spec.old, to: spec.note }\n'),
    'rules.yaml',
  ).ruleSet;

  it('names the rule on the field it wrote (stored) and on the field it read (the input as written)', () => {
    const r = run(widgets, widget('v1', { old: 'x' }), 'v2', { conversion: 'Webhook', rules });
    expect(r.stored.spec).toMatchObject({ note: 'x' });
    const byRule = r.fates
      .filter((f) => f.rule === 'old-to-note')
      .map((f) => ({ pane: f.pane, path: f.path, cause: f.cause }));
    expect(byRule).toEqual([
      { pane: 'resource', path: ['spec', 'old'], cause: 'conversion-rule' },
      { pane: 'stored', path: ['spec', 'note'], cause: 'conversion-rule' },
    ]);
    expect(fatesOf(r, 'dropped-on-write')).toEqual([]);
  });
});

describe('a rule that fails as the webhook', () => {
  const text = widgetRules(`      - id: sides
        compute:
          up: { spec.shape.sides: "int(self.spec.shape)" }
          down: { spec.shape: "string(self.spec.shape.sides)" }
`);
  const parsed = parseRules(text, 'rules.yaml');
  const rules = parsed.ruleSet;
  const ruleLine = text.split('\n').findIndex((l) => l.includes('id: sides')) + 1;

  it('computes the field when the expression succeeds (the rule is sound)', () => {
    expect(parsed.issues).toEqual([]);
    const r = run(widgets, widget('v1', { shape: '3' }), 'v2', { conversion: 'Webhook', rules });
    expect(r.stored.spec).toMatchObject({ shape: { sides: 3 } });
    expect(r.issues.filter((i) => i.code.startsWith('RULE'))).toEqual([]);
  });

  it('reports a CEL failure with the rule, its line and the path, and writes no value in its place', () => {
    const r = run(widgets, widget('v1', { shape: 'triangle' }), 'v2', { conversion: 'Webhook', rules });
    const failed = r.issues.filter((i) => i.code === 'RULE_FAILED');
    expect(failed.map((i) => [i.severity, i.path, i.file, i.range?.start.line])).toEqual([
      ['error', ['spec', 'shape', 'sides'], 'rules.yaml', ruleLine],
    ]);
    expect(failed[0]?.message).toContain('sides');
    // no plausible value (0, the input's string) stands where the rule failed
    expect((r.stored.spec as Record<string, unknown>).shape).toBeUndefined();
    expect((r.target.spec as Record<string, unknown>).shape).toBeUndefined();
    expect(r.fates.filter((f) => f.pane !== 'resource' && f.rule === 'sides')).toEqual([]);
    // The field the rule read is lost by the rule's failure, not "computed", and no schema is blamed for it.
    expect(r.fates.filter((f) => f.rule === 'sides').map((f) => [f.pane, f.path, f.kind, f.cause])).toEqual([
      ['resource', ['spec', 'shape'], 'dropped-on-write', 'rule-failed'],
    ]);
    expect(r.issues.filter((i) => i.code === 'DROPPED_ON_WRITE').map((i) => i.path)).not.toContainEqual([
      'spec',
      'shape',
    ]);
  });

  it('reports a failure on read too (storage -> the version read), at the path it would have written', () => {
    // a stored value of the wrong type: string() has no overload for a list
    const stored = widget('v2', { shape: { sides: [1] } });
    const r = run(widgets, stored, 'v1', { conversion: 'Webhook', rules });
    expect(r.issues.filter((i) => i.code === 'RULE_FAILED').map((i) => i.path)).toEqual([['spec', 'shape']]);
    expect((r.target.spec as Record<string, unknown>).shape).toBeUndefined();
    expect(r.fates.filter((f) => f.rule === 'sides').map((f) => [f.pane, f.path, f.kind, f.cause])).toEqual([
      ['target', ['spec', 'shape', 'sides'], 'dropped-on-read', 'rule-failed'],
    ]);
  });
});

describe('the server restores metadata after a conversion rule writes labels (restoreObjectMeta)', () => {
  const noteToLabel = parseRules(
    readFileSync(path.join(TESTDATA, 'widgets-note-label-rules.yaml'), 'utf8'),
    'rules.yaml',
  );
  const write = (note: string) =>
    run(widgets, widget('v1', { note }, { name: 'w', labels: { app: 'x' } }), 'v2', {
      conversion: 'Webhook',
      rules: noteToLabel.ruleSet,
    });

  it('keeps a valid label the rule writes, and the rest of metadata from the original', () => {
    expect(noteToLabel.issues).toEqual([]);
    const r = write('gold');
    expect(r.stored.metadata).toEqual({ name: 'w', labels: { app: 'x', note: 'gold' } });
    expect(r.rejected).toBe(false);
    expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('fails the write when the rule writes an invalid label value (a space)', () => {
    const r = write('gold plated');
    expect(r.rejected).toBe(true);
    const failed = r.issues.filter((i) => i.code === 'CONVERSION_INVALID_METADATA');
    expect(r.rejections.map((x) => [x.on, x.issue])).toEqual([['write', failed[0]]]);
    expect(failed.map((i) => [i.severity, i.path])).toEqual([['error', ['metadata', 'labels', 'note']]]);
    // the refused label is not shown as stored: the original's labels stand (upstream's state at the failure)
    expect((r.stored.metadata as { labels?: unknown }).labels).toEqual({ app: 'x' });
    expect(r.issues.some((i) => i.code === 'INVALID_METADATA')).toBe(false);
  });

  it('fails the read when the conversion from storage writes an invalid label', () => {
    const labelToNote = parseRules(
      widgetRules('      - id: label-note\n        move: { from: metadata.labels.note, to: spec.note }\n'),
      'rules.yaml',
    );
    const read = (note: string) =>
      run(widgets, widget('v2', { note }), 'v1', { conversion: 'Webhook', rules: labelToNote.ruleSet });
    expect(read('fine').rejected).toBe(false);
    expect(read('fine').target.metadata).toEqual({ name: 'w', labels: { note: 'fine' } });
    const r = read('-bad');
    expect(r.rejected).toBe(true);
    expect(r.rejections.map((x) => [x.on, x.issue.code])).toEqual([['read', 'CONVERSION_INVALID_METADATA']]);
    expect(r.issues.filter((i) => i.code === 'CONVERSION_INVALID_METADATA').map((i) => i.path)).toEqual([
      ['metadata', 'labels', 'note'],
    ]);
  });

  it('fails the write when a rule removes metadata altogether', () => {
    const rules = parseRules(
      widgetRules('      - id: meta\n        drop: { from: metadata, reason: test }\n'),
      'rules.yaml',
    );
    // with a name the check of name/namespace/uid fails first; without, the restoration finds no metadata
    const named = run(widgets, widget('v1', {}), 'v2', { conversion: 'Webhook', rules: rules.ruleSet });
    expect(named.rejections.map((x) => x.issue.path)).toEqual([['metadata', 'name']]);
    const r = run(widgets, widget('v1', {}, { labels: { a: 'b' } }), 'v2', {
      conversion: 'Webhook',
      rules: rules.ruleSet,
    });
    expect(r.issues.filter((i) => i.code === 'CONVERSION_INVALID_METADATA').map((i) => i.path)).toEqual([['metadata']]);
    expect(r.rejected).toBe(true);
  });

  it('fails the write when a rule changes the name (validateConvertedObject, before the restoration)', () => {
    const rules = parseRules(
      widgetRules('      - id: rename\n        move: { from: spec.note, to: metadata.name }\n'),
      'rules.yaml',
    );
    const r = run(widgets, widget('v1', { note: 'other' }), 'v2', { conversion: 'Webhook', rules: rules.ruleSet });
    expect(r.rejections.map((x) => [x.on, x.issue.code, x.issue.path])).toEqual([
      ['write', 'CONVERSION_INVALID_METADATA', ['metadata', 'name']],
    ]);
  });

  it('a plain same-path webhook never fails on the metadata it copies', () => {
    const r = run(webhookWidgets, widget('v1', { size: 1 }, { name: 'w', labels: { app: 'x' } }), 'v2');
    expect(r.rejected).toBe(false);
    expect(r.stored.metadata).toEqual({ name: 'w', labels: { app: 'x' } });
  });
});
