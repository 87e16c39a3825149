// `check` as CI runs it: exit codes, the rule and path on each line, stable --json, allow files, whole folders.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { fakeIO } from '../testdata/fakeIO.ts';
import { main } from '../main.ts';
import { HAS_CORPUS, corpusPath } from '../../core/testdata/corpus.ts';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BASE = readFileSync(
  path.resolve(import.meta.dirname, '../../core/checks/compat/testdata/widget-crd.yaml'),
  'utf8',
);
const OCM = corpusPath('open-cluster-management/crds');

const OLD = path.resolve('old/widget.yaml');
const NEW = path.resolve('new/widget.yaml');
const ALLOW = path.resolve('allow.yaml');

/** The base CRD with `spec.param` removed (one incompatible change) and a description changed (harmless). */
function edited(): string {
  const crd = YAML.parse(BASE) as Rec;
  const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec;
  delete spec.properties.param;
  spec.properties.name.description = 'Another description.';
  return YAML.stringify(crd);
}

async function run(args: string[], files: Record<string, string> = {}) {
  const f = fakeIO('', { [OLD]: BASE, [NEW]: edited(), ...files });
  const code = await main(['check', ...args], f.io);
  return { code, out: f.out(), err: f.err() };
}

describe('version-explorer check', () => {
  it('exits 1 on an incompatible change and names the rule, the path and the file', async () => {
    const r = await run(['--old', OLD, '--new', NEW]);
    expect(r.code).toBe(1);
    const lines = r.out.trim().split('\n');
    expect(lines.filter((l) => / field-removed: /.test(l))).toHaveLength(1);
    // named by the path given to --new (old/ and new/ hold files of the same name)
    expect(lines[0]?.startsWith(`${NEW}:`)).toBe(true);
    expect(lines[0]?.slice(NEW.length)).toMatch(
      /^:\d+:\d+: error field-removed: Widget\.example\.com\/v1beta1 spec\.param: /,
    );
    // harmless changes are counted, listed only with --verbose
    expect(r.out).not.toContain('description-changed');
    const v = await run(['--old', OLD, '--new', NEW, '--verbose']);
    expect(v.out).toMatch(/info description-changed: Widget\.example\.com\/v1beta1 spec\.name: /);
  });

  it('exits 0 when nothing incompatible changed (harmless only, or nothing)', async () => {
    const crd = YAML.parse(BASE) as Rec;
    crd.spec.versions[0].schema.openAPIV3Schema.description = 'Reworded.';
    expect((await run(['--old', OLD, '--new', NEW], { [NEW]: YAML.stringify(crd) })).code).toBe(0);
    expect((await run(['--old', OLD, '--new', OLD])).code).toBe(0);
  });

  it('exits 0 when an allow entry covers the change, and says it is allowed', async () => {
    const allow = 'allow:\n  - rule: field-removed\n    path: spec.param\n    reason: replaced by params in 1.2\n';
    const r = await run(['--old', OLD, '--new', NEW, '--allow', ALLOW], { [ALLOW]: allow });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/warning field-removed: .*spec\.param: .*\[allowed: replaced by params in 1\.2\]/);
  });

  it('--fail-on harmless makes a description change fail; an allow entry accepts it', async () => {
    const crd = YAML.parse(BASE) as Rec;
    crd.spec.versions[0].schema.openAPIV3Schema.description = 'Reworded.';
    const files = { [NEW]: YAML.stringify(crd) };
    expect((await run(['--old', OLD, '--new', NEW], files)).code).toBe(0);
    const strict = await run(['--old', OLD, '--new', NEW, '--fail-on', 'harmless'], files);
    expect(strict.code).toBe(1);
    expect(strict.out).toMatch(/: error description-changed: /);
    expect((await run(['--old', OLD, '--new', NEW, '--fail-on', 'compatible'], files)).code).toBe(0);
    const allow = 'allow:\n  - { rule: description-changed, path: ".", reason: wording only }\n';
    const allowed = await run(['--old', OLD, '--new', NEW, '--fail-on', 'harmless', '--allow', ALLOW], {
      ...files,
      [ALLOW]: allow,
    });
    expect(allowed.code).toBe(0);
    expect((await run(['--old', OLD, '--new', NEW, '--fail-on', 'strict'])).code).toBe(2);
  });

  it('--json: stable (sorted keys, same bytes twice), with ok, counts, findings and evidence', async () => {
    const a = await run(['--old', OLD, '--new', NEW, '--json']);
    const b = await run(['--old', OLD, '--new', NEW, '--json']);
    expect(a.out).toBe(b.out);
    const j = JSON.parse(a.out) as Rec;
    expect(Object.keys(j)).toEqual(['compared', 'counts', 'findings', 'issues', 'ok']);
    expect(j.ok).toBe(false);
    expect(j.counts).toEqual({ allowed: 0, compatible: 0, harmless: 1, incompatible: 1 });
    expect(j.findings.map((f: Rec) => [f.rule, f.path, f.severity, f.old, f.new, f.file])).toEqual([
      ['field-removed', ['spec', 'param'], 'incompatible', 'string', undefined, NEW],
      ['description-changed', ['spec', 'name'], 'harmless', 'The name.', 'Another description.', NEW],
    ]);
  });

  it('places each finding at its line and column in the CRD file (a removed field at its old parent in the new file)', async () => {
    const crd = YAML.parse(BASE) as Rec;
    crd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.name.maxLength = 32;
    const text = YAML.stringify(crd);
    const r = await run(['--old', OLD, '--new', NEW, '--json'], { [NEW]: text });
    const [f] = (JSON.parse(r.out) as Rec).findings as Rec[];
    expect([f?.rule, f?.file]).toEqual(['max-length-tightened', NEW]);
    const at = text.split('\n')[(f?.line as number) - 1] ?? '';
    expect(at.slice((f?.col as number) - 1)).toMatch(/^name:/);
    expect(r.err).toBe('');
  });

  it.each([
    [['--old', OLD], 'missing --new'],
    [['--old', OLD, '--new', NEW, '--frobnicate'], 'unknown option'],
    [['--old', OLD, '--new', NEW, 'stray'], 'a positional argument'],
    [['--old', path.resolve('no/such/dir'), '--new', NEW], 'a missing folder'],
  ])('exits 2 on bad usage or input: %j (%s)', async (args) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
  });

  it('exits 2 when a kind has no CRD schema to check (an OpenAPI document)', async () => {
    const oas = path.resolve(import.meta.dirname, '../../importers/testdata/oas3-store.yaml');
    const r = await run(['--old', oas, '--new', oas]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/error NO_CRD_SCHEMA: /);
  });

  it('exits 2 on an invalid CRD, with file:line:col and the code', async () => {
    const r = await run(['--old', OLD, '--new', NEW], {
      [NEW]: 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {}\n',
    });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/widget\.yaml:\d+:\d+: error INVALID_CRD: /);
  });

  it('exits 2 on a malformed allow file, pointing at the entry', async () => {
    const r = await run(['--old', OLD, '--new', NEW, '--allow', ALLOW], {
      [ALLOW]: 'allow:\n  - rule: field-removed\n    path: spec.param\n',
    });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/allow\.yaml:2:\d+: error INVALID_ALLOW_FILE: /);
  });

  it('warns about allow entries that match nothing (they rot), without failing', async () => {
    const allow =
      'allow:\n  - { rule: field-removed, path: spec.param, reason: r }\n  - { rule: type-changed, path: "**", reason: r }\n';
    const r = await run(['--old', OLD, '--new', NEW, '--allow', ALLOW], { [ALLOW]: allow });
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/allow\.yaml:3:\d+: warning UNUSED_ALLOW_ENTRY: /);
  });

  it.skipIf(!HAS_CORPUS)('checks whole folders: Open Cluster Management v0.8.0 -> v0.11.0 (corpus)', async () => {
    const f = fakeIO();
    const code = await main(
      [
        'check',
        '--old',
        path.join(OCM, 'api-v0.8.0/cluster'),
        '--new',
        path.join(OCM, 'api-v0.11.0/cluster'),
        '--json',
      ],
      f.io,
    );
    expect(code).toBe(1);
    const j = JSON.parse(f.out()) as Rec;
    expect(j.compared.map((k: Rec) => [k.kind, k.versions])).toEqual([
      ['ManagedClusterSet', ['v1beta1']],
      ['ManagedClusterSetBinding', ['v1beta1']],
    ]);
    expect(
      j.findings
        .filter((x: Rec) => x.kind === 'ManagedClusterSet' && x.severity === 'incompatible')
        .map((x: Rec) => x.rule),
    ).toEqual(['version-removed', 'version-added-without-conversion', 'map-type-changed']);
  });
});
