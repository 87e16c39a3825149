import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPath, issue, type Path } from '../../core/index.ts';
import type { ExploreResult } from '../viewModel/types.ts';
import { parseFormattedPath, problemCount, problemsOf } from './problems.ts';

const at = (line: number) => ({
  start: { line, col: 3, offset: 0 },
  end: { line, col: 9, offset: 6 },
});
const base = {
  catalogIssues: [],
  documents: [{ index: 0, label: 'Widget w' }],
  document: 0,
  issues: [],
  blocking: [],
  markers: [],
  sourceFates: [],
  sparseFates: false,
  bag: [],
  lost: [],
  millis: 1,
} as unknown as ExploreResult;

describe('the Problems list', () => {
  it('lists markers, target rejections, rules and catalog issues by where they are, errors first', () => {
    const result = {
      ...base,
      targetVersion: 'v1',
      markers: [
        { severity: 'warning', code: 'PRUNED', message: 'not in the schema', range: at(9) },
        { severity: 'error', code: 'CEL_RULE', message: 'value must start with /', range: at(12) },
      ],
      validation: {
        covered: true,
        documents: [],
        target: {
          version: 'v1',
          errors: 1,
          warnings: 0,
          first: [{ code: 'VALIDATION_REQUIRED', message: 'Required value', path: 'spec.template[0].name' }],
        },
      },
      rules: { issues: [issue('error', 'RULE_PATH_UNKNOWN', 'no such field', [], { range: at(4) })], conversions: 0 },
      catalogIssues: [issue('warning', 'NO_CRD_SCHEMA', 'no schema'), issue('info', 'NO_CRD_SCHEMA', 'fine')],
    } as unknown as ExploreResult;
    const groups = problemsOf(result);
    expect(groups.map((g) => [g.where, g.problems.map((p) => p.code)])).toEqual([
      ['Resource', ['CEL_RULE', 'PRUNED']],
      ['Target at v1', ['VALIDATION_REQUIRED']],
      ['Conversion rules', ['RULE_PATH_UNKNOWN']],
      ['Catalog', ['NO_CRD_SCHEMA']],
    ]);
    expect(groups[0]?.problems[0]?.goTo).toEqual({ editor: 'resource', range: at(12) });
    expect(groups[1]?.problems[0]?.goTo).toEqual({ field: ['spec', 'template', 0, 'name'] });
    expect(groups[2]?.problems[0]?.goTo).toEqual({ editor: 'rules', range: at(4) });
    expect(groups[3]?.problems[0]?.goTo).toBeUndefined();
    expect(problemCount(groups)).toEqual({ errors: 3, warnings: 2 });
  });

  it('lists a conversion issue that is also a marker once', () => {
    const i = issue('warning', 'NEEDS_HANDWRITTEN_CONVERSION', 'needs a webhook', ['spec'], { range: at(5) });
    const result = {
      ...base,
      issues: [i],
      markers: [{ severity: 'warning', code: i.code, message: i.message, range: at(5) }],
    } as unknown as ExploreResult;
    expect(problemsOf(result).flatMap((g) => g.problems)).toHaveLength(1);
  });

  it('reads back every formatted path', () => {
    const seg = fc.oneof(fc.string({ minLength: 1 }), fc.nat());
    fc.assert(
      fc.property(fc.tuple(fc.string({ minLength: 1 }), fc.array(seg, { maxLength: 6 })), ([head, rest]) => {
        const p: Path = [head, ...rest];
        expect(parseFormattedPath(formatPath(p))).toEqual(p);
      }),
    );
  });
});
