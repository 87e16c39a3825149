// Allow files: parsing them (each malformed entry an issue at its path) and how checkCatalogs applies their entries.
import { describe, expect, it } from 'vitest';
import { parseAllowList } from './allowList.ts';
import { checkCatalogs } from './checkCatalogs.ts';
import { base, catalogOf, props } from './testdata/widgetCrd.ts';

describe('allow files', () => {
  const removeParamAndMode = () => {
    const neu = base();
    delete props(neu).param;
    props(neu).mode.enum = ['Fast'];
    return neu;
  };

  it('an entry (rule + path glob) turns a matching incompatible finding into an allowed one, with its reason', () => {
    const { entries, issues } = parseAllowList(
      'allow:\n  - rule: field-removed\n    path: spec.*\n    reason: nobody set it\n',
      'allow.yaml',
    );
    expect(issues).toEqual([]);
    const r = checkCatalogs(catalogOf(base()), catalogOf(removeParamAndMode()), entries);
    expect(r.findings.map((f) => [f.rule, f.allowed?.reason])).toEqual([
      ['field-removed', 'nobody set it'],
      ['enum-value-removed', undefined],
    ]);
    expect(r.ok).toBe(false);
    expect(r.counts).toEqual({ incompatible: 1, compatible: 0, harmless: 0, allowed: 1 });
  });

  it('passes when every incompatible finding is allowed; rule globs, ** paths, kind and version filters match', () => {
    const { entries } = parseAllowList(
      [
        'allow:',
        '  - { rule: "enum-*", path: "**", kind: example.com/Widget, version: v1beta1, reason: Slow was never used }',
        '  - { rule: field-removed, path: spec.param, kind: Widget, reason: gone }',
      ].join('\n'),
    );
    const r = checkCatalogs(catalogOf(base()), catalogOf(removeParamAndMode()), entries);
    expect(r.ok).toBe(true);
    expect(r.issues).toEqual([]);
  });

  it('does not match another kind, version or path; unused entries are reported', () => {
    const { entries } = parseAllowList(
      [
        'allow:',
        '  - { rule: field-removed, path: spec.param, kind: Gadget, reason: r }',
        '  - { rule: field-removed, path: spec.param, version: v1, reason: r }',
        '  - { rule: field-removed, path: spec, reason: r }',
        '  - { rule: enum-value-removed, path: spec.mode, reason: r }',
      ].join('\n'),
      'allow.yaml',
    );
    const r = checkCatalogs(catalogOf(base()), catalogOf(removeParamAndMode()), entries);
    expect(r.ok).toBe(false);
    expect(r.issues.map((i) => [i.code, i.range?.start.line])).toEqual([
      ['UNUSED_ALLOW_ENTRY', 2],
      ['UNUSED_ALLOW_ENTRY', 3],
      ['UNUSED_ALLOW_ENTRY', 4],
    ]);
  });

  it('failOn compatible: an added field fails, and an entry can then allow it', () => {
    const neu = base();
    props(neu).extra = { type: 'string' };
    expect(checkCatalogs(catalogOf(base()), catalogOf(neu)).ok).toBe(true);
    expect(checkCatalogs(catalogOf(base()), catalogOf(neu), [], 'compatible').ok).toBe(false);
    const { entries } = parseAllowList('allow:\n  - { rule: field-added, path: spec.extra, reason: r }\n');
    const r = checkCatalogs(catalogOf(base()), catalogOf(neu), entries, 'compatible');
    expect([r.ok, r.counts.allowed, r.issues]).toEqual([true, 1, []]);
  });

  it('never allows compatible findings by default (nothing to allow)', () => {
    const neu = base();
    props(neu).extra = { type: 'string' };
    const { entries } = parseAllowList('allow:\n  - { rule: "**", path: "**", reason: everything }\n');
    const r = checkCatalogs(catalogOf(base()), catalogOf(neu), entries);
    expect(r.findings.map((f) => [f.rule, f.allowed])).toEqual([['field-added', undefined]]);
    expect(r.issues.map((i) => i.code)).toEqual(['UNUSED_ALLOW_ENTRY']);
  });

  it.each([
    ['allow: 3', []],
    ['allow:\n  - rule: field-removed\n    reason: r', ['allow', 0, 'path']],
    ['allow:\n  - rule: no-such-rule\n    path: x\n    reason: r', ['allow', 0, 'rule']],
    ['allow:\n  - rule: field-removed\n    path: x', ['allow', 0, 'reason']],
    ['allow:\n  - rule: field-removed\n    path: x\n    reason: r\n    severity: low', ['allow', 0, 'severity']],
    ['allow:\n  - just a string', ['allow', 0]],
  ])('rejects %j with INVALID_ALLOW_FILE at its path', (text, at) => {
    const r = parseAllowList(text, 'allow.yaml');
    expect(r.entries).toEqual([]);
    expect(r.issues.map((i) => [i.code, i.path])).toEqual([['INVALID_ALLOW_FILE', at]]);
    expect(r.issues[0]?.range).toBeDefined();
  });

  it('reports YAML syntax errors as issues', () => {
    expect(parseAllowList('allow: [', 'a.yaml').issues.map((i) => i.code)).toContain('YAML_SYNTAX');
  });
});
