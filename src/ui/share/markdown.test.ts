import { describe, expect, it } from 'vitest';
import type { ConversionResult } from '../../core/index.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import { markdownSummary, summaryFromExplore } from './markdown.ts';
import type { Verdict } from '../../core/index.ts';

const verdict = (over: Partial<Verdict>): Verdict => ({
  view: 'aso',
  from: 'v1',
  stored: 'v3storage',
  to: 'v2',
  status: 'lossless',
  rejections: [],
  lost: [],
  undetermined: [],
  bagged: 0,
  ...over,
});

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
      causes: [],
      reason: 'same name and type',
    },
    {
      kind: 'bagged',
      sourcePath: ['spec', 'nickName'],
      targetPath: ['spec', '$propertyBag', 'NickName'],
      causes: [],
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
    { kind: 'lost', sourcePath: ['spec', 'odd|name`x'], causes: [], reason: 'no field | no bag' },
    { kind: 'required-missing', targetPath: ['spec', 'id'], causes: [], reason: 'required in <2021-01-01>' },
    { kind: 'renamed', sourcePath: ['spec', 'a'], targetPath: ['spec', 'b'], causes: [], reason: 'renamed' },
  ],
  issues: [],
};

const link = 'https://example.test/version-explorer/#v1.abc_-';

describe('markdownSummary', () => {
  it('starts with the verdict, then lists bagged, lost and missing fields with the kind, versions and the link', () => {
    const md = markdownSummary({ kind: 'Person', group: 'crm.example.com', catalog: 'CRM example', hub, target, link });
    const lines = md.split('\n');
    expect(lines[0]).toMatch(/^\*\*Would be rejected: .*\.\*\*$/);
    expect(md).toContain('#### Person (crm.example.com): `2011-01-01` → `2021-01-01` via `2019-09-09storage`');
    expect(md).toContain(
      '| `spec.nickName` | in the property bag `spec.$propertyBag.NickName` (2011-01-01 → 2019-09-09storage) | the hub has no NickName |',
    );
    expect(md).toContain('| `spec.id` | required but missing (2011-01-01 → 2021-01-01) |');
    expect(md).toContain('Catalog: CRM example.');
    expect(md).not.toContain('firstName'); // copied fields are not review material
    expect(md).not.toContain('`spec.b`');
    expect(md.trimEnd().endsWith(`[Open in Version Explorer](<${link}>)`)).toBe(true);
  });

  it('tells a field bagged on the way up and lost on the way down as one row', () => {
    const rows = [
      {
        field: ['spec', 'x'],
        fate: 'bagged' as const,
        step: 'v1 → v3storage',
        reason: 'no x at the hub',
        where: ['spec', '$propertyBag', 'X'],
      },
      {
        field: ['spec', 'x'],
        fate: 'lost' as const,
        step: 'v3storage → v2',
        reason: 'no x at the hub; v2 has no property bag',
      },
      { field: ['spec', 'y'], fate: 'lost' as const, step: 'v3storage → v2', reason: 'removed' },
    ];
    const lost = rows.slice(1).map((r) => ({ path: r.field, on: 'read' as const, by: 'v2', why: r.reason }));
    const md = markdownSummary({
      kind: 'K',
      from: 'v1',
      to: 'v2',
      rows,
      link,
      verdict: verdict({ status: 'lossy', lost }),
    });
    expect(md.split('\n')[0]).toMatch(/^\*\*Lossy: 2 fields lost between v1 and v2 \(spec\.x, spec\.y\)\.\*\*$/);
    const xRows = md.split('\n').filter((l) => l.startsWith('| `spec.x`'));
    expect(xRows).toEqual([
      '| `spec.x` | in the property bag `spec.$propertyBag.X` (v1 → v3storage), then lost (v3storage → v2) | no x at the hub; v2 has no property bag |',
    ]);
  });

  it('says what a client writing the object back destroys', () => {
    const md = markdownSummary({
      kind: 'K',
      from: 'v1',
      to: 'v2',
      rows: [],
      writeBack: {
        version: 'v1',
        lossless: false,
        destroyed: [
          ['spec', 'a'],
          ['spec', 'b'],
        ],
      },
      link,
    });
    expect(md).toContain(
      'Write-back: a `v1` client reading and writing it back destroys 2 fields (`spec.a`, `spec.b`).',
    );
    expect(md.split('\n')[0]).not.toMatch(/^\*\*/); // rows alone carry no verdict: only a view computes one
  });

  it('keeps the table intact when names and reasons contain pipes, backticks or HTML', () => {
    const md = markdownSummary({ kind: 'Person', target, link });
    const row = md.split('\n').find((l) => l.includes('odd'));
    expect(row).toBe('| `` spec["odd\\|name`x"] `` | lost (2011-01-01 → 2021-01-01) | no field \\| no bag |');
    expect(md).toContain('required in &lt;2021-01-01&gt;');
    // every table line has exactly 4 unescaped pipes
    for (const l of md.split('\n').filter((x) => x.startsWith('|')))
      expect(l.replace(/\\\|/g, '').split('|').length).toBe(5);
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
    expect(md.split('\n')[0]).toMatch(/^\*\*Accepted and lossless/);
    expect(md).not.toContain('| Field |');
  });

  it('caps the number of rows', () => {
    const many: ConversionResult = {
      ...target,
      fates: Array.from({ length: 10 }, (_, i) => ({
        kind: 'lost' as const,
        sourcePath: ['spec', `f${i}`],
        causes: [],
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
    expect(md).toContain('#### Person (crm.example.com): `2011-01-01` → `2013-03-03` via `2019-09-09storage`');
    expect(md).toContain('Catalog: CRM.');
    expect(md).toContain(
      '| `spec.nickName` | in the property bag `spec.$propertyBag.NickName` (2011-01-01 → 2019-09-09storage) |',
    );
    expect(summaryFromExplore(undefined)).toBeUndefined();
  });
});
