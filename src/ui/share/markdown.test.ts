import { describe, expect, it } from 'vitest';
import type { ConversionResult } from '../../core/index.ts';
import type { ExploreResult } from '../worker/protocol.ts';
import { markdownSummary, summaryFromExplore } from './markdown.ts';

const hub: ConversionResult = {
  output: {},
  from: '2011-01-01',
  to: '2019-09-09storage',
  path: ['2011-01-01', '2019-09-09storage'],
  fates: [
    {
      kind: 'copied',
      sourcePath: ['spec', 'firstName'],
      targetPath: ['spec', 'firstName'],
      reason: 'same name and type',
    },
    {
      kind: 'bagged',
      sourcePath: ['spec', 'nickName'],
      targetPath: ['spec', '$propertyBag', 'NickName'],
      reason: 'the hub has no NickName',
    },
  ],
  issues: [],
};

const target: ConversionResult = {
  output: {},
  from: '2011-01-01',
  to: '2021-01-01',
  path: ['2011-01-01', '2019-09-09storage', '2021-01-01'],
  fates: [
    { kind: 'lost', sourcePath: ['spec', 'odd|name`x'], reason: 'no field | no bag' },
    { kind: 'required-missing', targetPath: ['spec', 'id'], reason: 'required in <2021-01-01>' },
    { kind: 'renamed', sourcePath: ['spec', 'a'], targetPath: ['spec', 'b'], reason: 'renamed' },
  ],
  issues: [],
};

const link = 'https://example.test/version-explorer/#v1.abc_-';

describe('markdownSummary', () => {
  it('lists bagged, lost and required-but-missing fields with the kind, versions and the link', () => {
    const md = markdownSummary({ kind: 'Person', group: 'crm.example.com', catalog: 'CRM example', hub, target, link });
    expect(md).toContain('#### Person (crm.example.com): `2011-01-01` → `2021-01-01`');
    expect(md).toContain('via `2019-09-09storage`');
    expect(md).toContain('**1** in the property bag, **1** lost, **1** required but missing.');
    expect(md).toContain(
      '| `spec.nickName` | in the property bag (`spec.$propertyBag.NickName`) | 2011-01-01 → 2019-09-09storage |',
    );
    expect(md).toContain('| `spec.id` | required but missing |');
    expect(md).not.toContain('firstName'); // copied fields are not review material
    expect(md).not.toContain('`spec.b`');
    expect(md.trimEnd().endsWith(`[Open in Version Explorer](<${link}>)`)).toBe(true);
  });

  it('keeps the table intact when names and reasons contain pipes, backticks or HTML', () => {
    const md = markdownSummary({ kind: 'Person', target, link });
    const row = md.split('\n').find((l) => l.includes('odd'));
    expect(row).toBe('| `` spec["odd\\|name`x"] `` | lost | 2011-01-01 → 2021-01-01 | no field \\| no bag |');
    expect(md).toContain('required in &lt;2021-01-01&gt;');
    // every table line has exactly 5 unescaped pipes
    for (const l of md.split('\n').filter((x) => x.startsWith('|')))
      expect(l.replace(/\\\|/g, '').split('|').length).toBe(6);
  });

  it('shows the conversion rules folded, in a fence their own backticks cannot close', () => {
    const rules = 'conversions:\n  - id: a\n    # ```not a fence end```\n';
    const md = markdownSummary({ kind: 'Person', hub: { ...hub, fates: [] }, link, rules });
    const body = md.slice(md.indexOf('<details><summary>Conversion rules</summary>'), md.indexOf('</details>'));
    expect(body).toContain('````yaml\n' + rules.trimEnd() + '\n````');
    expect(markdownSummary({ kind: 'Person', hub: { ...hub, fates: [] }, link })).not.toContain('Conversion rules');
  });

  it('says the conversion is lossless when nothing is reported', () => {
    const md = markdownSummary({ kind: 'Person', hub: { ...hub, fates: [] }, link });
    expect(md).toContain('lossless');
    expect(md).not.toContain('| Field |');
  });

  it('caps the number of rows', () => {
    const many: ConversionResult = {
      ...target,
      fates: Array.from({ length: 10 }, (_, i) => ({
        kind: 'lost' as const,
        sourcePath: ['spec', `f${i}`],
        reason: 'x',
      })),
    };
    const md = markdownSummary({ kind: 'Person', target: many, link, maxRows: 3 });
    expect(md.split('\n').filter((l) => l.startsWith('| `')).length).toBe(3);
    expect(md).toContain('and 7 more');
  });
});

describe('summaryFromExplore', () => {
  it('turns the explorer view model into rows: bag entries, then losses by stage', () => {
    const r = {
      kind: { kind: 'Person', group: 'crm.example.com', hub: '2019-09-09storage' },
      sourceVersion: '2011-01-01',
      targetVersion: '2013-03-03',
      bag: [
        {
          path: ['spec', '$propertyBag', 'NickName'],
          key: 'NickName',
          raw: '"Ada"',
          decoded: 'Ada',
          sourcePath: ['spec', 'nickName'],
        },
      ],
      lost: [{ kind: 'lost', path: ['spec', 'nick'], reason: 'no field', stage: 'target' }],
      issues: [
        { severity: 'error', code: 'REQUIRED_MISSING', message: 'required', path: ['spec', 'id'] },
        { severity: 'error', code: 'REQUIRED_MISSING', message: 'required', path: ['spec', 'id'] },
        { severity: 'warning', code: 'PRUNED', message: 'pruned', path: ['spec', 'x'] },
      ],
    } as unknown as ExploreResult;
    const s = summaryFromExplore(r, 'CRM');
    expect(s?.rows?.map((x) => [x.fate, x.step])).toEqual([
      ['bagged', '2011-01-01 → 2019-09-09storage'],
      ['lost', '2019-09-09storage → 2013-03-03'],
      ['required-missing', '2019-09-09storage → 2013-03-03'],
    ]);
    const md = markdownSummary({ ...s!, link });
    expect(md).toContain('#### Person (crm.example.com): `2011-01-01` → `2013-03-03`');
    expect(md).toContain('Catalog: CRM. Path via `2019-09-09storage`.');
    expect(md).toContain('| `spec.nickName` | in the property bag (`spec.$propertyBag.NickName`) |');
    expect(summaryFromExplore(undefined)).toBeUndefined();
  });
});
