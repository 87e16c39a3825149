import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeIO } from '../testdata/fakeIO.ts';
import { validate } from './validate.ts';
import { convert } from './convert.ts';
import { corpusPath } from '../../core/testdata/corpus.ts';

const TD = path.resolve(import.meta.dirname, '../testdata/validate');
const WIDGET = path.join(TD, 'widget-crd.yaml');
const WIDGETS = path.join(TD, 'widgets.yaml');
const GATEWAY = corpusPath('gateway-api/crds/v1.6.1-standard');
const hasCorpus = await import('node:fs').then((fs) => fs.existsSync(GATEWAY));

const widget = (name: string, spec: string, version = 'v2') =>
  `apiVersion: demo.example.com/${version}\nkind: Widget\nmetadata: {name: ${name}}\nspec: ${spec}\n`;

describe('validate command', () => {
  it('exit 0 when every document is accepted', async () => {
    const f = fakeIO(widget('a', '{size: 3, mode: fast}'));
    expect(await validate(['--catalog', WIDGET, '-f', '-'], f.io)).toBe(0);
    expect(f.err()).not.toContain('error');
  });

  it('exit 1 with file:line:col, the code, the rule’s own message and a dotted path', async () => {
    const f = fakeIO(widget('a', '{size: 3}') + '---\n' + widget('b', '{size: 9, mode: turbo}'));
    expect(await validate(['--catalog', WIDGET, '-f', '-'], f.io)).toBe(1);
    const lines = f.err().trim().split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(/^<stdin>:9:\d+: error CEL_RULE: size must be at most 5 in v2 \(at spec\.size\)$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^<stdin>:9:\d+: error VALIDATION_ENUM: .* \(at spec\.mode\)$/));
    expect(f.out()).toMatch(/1 of 2/);
  });

  it('validates each document against its own version; --version overrides', async () => {
    const f = fakeIO();
    expect(await validate(['--catalog', WIDGET, '-f', WIDGETS], f.io)).toBe(0); // v1 has no size limit or enum
    const g = fakeIO();
    expect(await validate(['--catalog', WIDGET, '-f', WIDGETS, '--version', 'v2'], g.io)).toBe(1);
    expect(g.err()).toContain('CEL_RULE');
  });

  it('transition rules: checked on update without --old, run against the stored object with it', async () => {
    const f = fakeIO(widget('a', '{size: 1, name: new}'), { '/old.yaml': widget('a', '{size: 1, name: old}', 'v1') });
    expect(await validate(['--catalog', WIDGET, '-f', '-'], f.io)).toBe(0);
    expect(f.err()).toMatch(/info CEL_CHECKED_ON_UPDATE: .*\(at spec\.name\)/);
    const g = fakeIO(widget('a', '{size: 1, name: new}'), { '/old.yaml': widget('a', '{size: 1, name: old}', 'v1') });
    expect(await validate(['--catalog', WIDGET, '-f', '-', '--old', '/old.yaml'], g.io)).toBe(1);
    expect(g.err()).toMatch(/error CEL_RULE: name is immutable \(at spec\.name\)/);
  });

  it('-o json is stable, sorted, with one entry per document', async () => {
    const run = async () => {
      const f = fakeIO(widget('b', '{size: 9}') + '---\napiVersion: v1\nkind: Secret\nmetadata: {name: s}\n');
      expect(await validate(['--catalog', WIDGET, '-f', '-', '-o', 'json'], f.io)).toBe(1);
      return f.out();
    };
    const a = await run();
    expect(await run()).toBe(a);
    const j = JSON.parse(a) as {
      accepted: boolean;
      summary: { paths: unknown[] };
      documents: { kind: string; accepted: boolean; issues: { code: string; path: string; line: number }[] }[];
    };
    // streamed: the documents first, then what is known only at the end
    expect(Object.keys(j)).toEqual(['documents', 'accepted', 'summary']);
    expect(j.summary).toMatchObject({ read: 2, judged: 1, accepted: 0, rejected: 1, lossy: 0, cannotTell: 0 });
    expect(j.summary.paths).toEqual([{ path: 'spec.size', why: 'rejected', objects: 1 }]);
    expect(j.accepted).toBe(false);
    expect(j.documents.map((d) => [d.kind, d.accepted])).toEqual([
      ['Widget', false],
      ['Secret', true],
    ]);
    expect(j.documents[0]!.issues).toContainEqual(
      expect.objectContaining({ code: 'CEL_RULE', path: 'spec.size', line: 4 }),
    );
    expect(j.documents[1]!.issues.map((i) => i.code)).toEqual(['UNKNOWN_KIND']);
  });

  it('exit 2 on bad usage and bad input', async () => {
    expect(await validate(['--catalog', WIDGET], fakeIO().io)).toBe(2);
    expect(await validate(['--catalog', WIDGET, '-f', '/nope.yaml'], fakeIO().io)).toBe(2);
    expect(await validate(['--catalog', WIDGET, '-f', '-'], fakeIO('a: [').io)).toBe(2);
    expect(await validate(['--catalog', WIDGET, '-f', '-'], fakeIO('').io)).toBe(2);
    expect(await validate(['--catalog', WIDGET, '-f', WIDGETS, '--version', 'v9'], fakeIO().io)).toBe(2);
    expect(await validate(['--catalog', WIDGET, '-f', WIDGETS, '-o', 'xml'], fakeIO().io)).toBe(2);
    const f = fakeIO('metadata: {name: x}\nspec: {}\n');
    expect(await validate(['--catalog', WIDGET, '-f', '-'], f.io)).toBe(2);
    expect(f.err()).toContain('MISSING_API_VERSION');
  });

  it('nothing validated exits 2 (NOTHING_VALIDATED), like convert: a misspelt kind, a CRD as the resource', async () => {
    const typo = widget('a', '{size: 3, mode: fast}').replace('kind: Widget', 'kind: Widgit');
    const crd = await import('node:fs').then((fs) => fs.readFileSync(WIDGET, 'utf8'));
    for (const [input, hint] of [
      [typo, false],
      [crd, true],
    ] as const) {
      const f = fakeIO(input);
      expect(await validate(['--catalog', WIDGET, '-f', '-'], f.io)).toBe(2);
      expect(f.out()).toBe('');
      expect(f.err()).toMatch(/^<stdin>:\d+:\d+: warning UNKNOWN_KIND: /m);
      expect(f.err()).toMatch(/^<stdin>: error NOTHING_VALIDATED: .*demo\.example\.com\/Widget/m);
      expect(f.err().includes('--catalog')).toBe(hint);
    }
    // with a document that is validated, an unknown kind stays a warning
    const mixed = fakeIO(
      `${widget('a', '{size: 3, mode: fast}')}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n`,
    );
    expect(await validate(['--catalog', WIDGET, '-f', '-'], mixed.io)).toBe(0);
  });

  it('a catalog kind at a version it lacks is bad input (exit 2), as for convert', async () => {
    const f = fakeIO(`${widget('a', '{size: 3, mode: fast}')}---\n${widget('b', '{size: 3}', 'v9')}`);
    expect(await validate(['--catalog', WIDGET, '-f', '-'], f.io)).toBe(2);
    expect(f.err()).toMatch(/^<stdin>:6:1: error UNKNOWN_VERSION: .*\(it serves: v1, v2\)/m);
  });

  it.skipIf(!hasCorpus)('a Gateway API route breaking a CEL rule is rejected at the rule’s line', async () => {
    const route = [
      'apiVersion: gateway.networking.k8s.io/v1',
      'kind: HTTPRoute',
      'metadata: {name: r}',
      'spec:',
      '  parentRefs: [{name: gw}]',
      '  rules:',
      '    - matches:',
      '        - path: {type: PathPrefix, value: cart}',
    ].join('\n');
    const f = fakeIO(route);
    expect(await validate(['--catalog', GATEWAY, '-f', '-'], f.io)).toBe(1);
    expect(f.err()).toMatch(
      /^<stdin>:8:\d+: error CEL_RULE: value must be an absolute path.* \(at spec\.rules\[0\]\.matches\[0\]\.path\)$/m,
    );
  });
});

describe('convert --validate', () => {
  it('validates the result at the target and exits 1 when it would be refused there', async () => {
    const f = fakeIO();
    expect(await convert(['--catalog', WIDGET, '-f', WIDGETS, '--to', 'v2', '--validate'], f.io)).toBe(1);
    expect(f.err()).toMatch(
      /widgets\.yaml:9:\d+: error CEL_RULE: size must be at most 5 in v2 \(converted, at v2\) \(at spec\.size\)/,
    );
    const g = fakeIO(widget('a', '{size: 3, mode: fast}', 'v1'));
    expect(await convert(['--catalog', WIDGET, '-f', '-', '--to', 'v2', '--validate'], g.io)).toBe(0);
    // without --validate the same conversion is not judged
    expect(await convert(['--catalog', WIDGET, '-f', WIDGETS, '--to', 'v2'], fakeIO().io)).toBe(0);
  });
});
