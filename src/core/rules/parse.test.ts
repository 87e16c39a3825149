import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import { RULES_JSON_SCHEMA } from './format.ts';
import { parseRules } from './parse.ts';
import { checkRulesAgainstCatalog } from '../analyse/rulesCheck.ts';
import { formatPathPattern, parsePathPattern } from './paths.ts';
import { fixtureCatalog, repoRuleFiles } from './testdata/load.ts';

const HEAD =
  'apiVersion: version-explorer.dev/v1alpha1\nkind: ConversionRules\nconversions:\n  - group: example.com\n    kind: Backup\n    from: v1\n    to: v2\n    rules:\n';
const at = (text: string) =>
  parseRules(text, 'r.yaml').issues.map((i) => [i.code, i.file, i.range?.start.line, i.range?.start.col]);

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validSchema = ajv.compile(RULES_JSON_SCHEMA);

describe('parseRules: every problem at its line and column', () => {
  it('a malformed file', () => {
    const issues = at(`${HEAD}      - id: a\n        move: { from: spec.a, to: [\n`);
    expect(issues[0]).toEqual(['YAML_SYNTAX', 'r.yaml', 11, 1]);
    expect(new Set(issues.map((i) => i[0]))).toEqual(new Set(['YAML_SYNTAX']));
  });
  it('an unknown rule kind', () => {
    expect(at(`${HEAD}      - id: a\n        rename: { from: spec.a, to: spec.b }\n`)).toEqual([
      ['RULE_UNKNOWN_OPERATION', 'r.yaml', 10, 9],
    ]);
  });
  it('a CEL syntax error, at the expression', () => {
    expect(
      at(
        `${HEAD}      - id: c\n        compute:\n          up: { spec.b: "self.spec.a +" }\n          down: { spec.a: "self.spec.b" }\n`,
      ),
    ).toEqual([['RULE_CEL_INVALID', 'r.yaml', 11, 25]]);
  });
  it('a path that is not one, and lists that do not pair', () => {
    expect(
      at(
        `${HEAD}      - id: a\n        move: { from: spec..a, to: spec.b }\n      - id: b\n        move: { from: "spec.l[].a", to: spec.b }\n`,
      ),
    ).toEqual([
      ['RULE_PATH_SYNTAX', 'r.yaml', 10, 23],
      ['RULE_PATH_SYNTAX', 'r.yaml', 12, 41],
    ]);
  });
  it('an enum that is not one to one, two rules writing one path, a drop without a reason, a duplicate id', () => {
    const text = `${HEAD}      - id: e\n        enum: { from: spec.m, values: { A: X, B: X } }\n      - id: e\n        move: { from: spec.a, to: spec.b }\n      - id: f\n        move: { from: spec.c, to: spec.b }\n      - id: d\n        drop: { from: spec.z }\n`;
    expect(at(text)).toEqual([
      ['RULE_ENUM_NOT_BIJECTIVE', 'r.yaml', 10, 50],
      ['RULES_INVALID', 'r.yaml', 16, 15],
      ['RULE_OVERLAP', 'r.yaml', 13, 9],
    ]);
    const text2 = `${HEAD}      - id: a\n        move: { from: spec.a, to: spec.b }\n      - id: f\n        move: { from: spec.c, to: spec.b }\n`;
    expect(at(text2)).toEqual([['RULE_OVERLAP', 'r.yaml', 11, 9]]);
    const text3 = `${HEAD}      - id: a\n        move: { from: spec.a, to: spec.b }\n      - id: a\n        move: { from: spec.c, to: spec.d }\n`;
    expect(at(text3)).toEqual([['RULE_DUPLICATE_ID', 'r.yaml', 11, 13]]);
  });
  it('another format version', () => {
    expect(at('apiVersion: version-explorer.dev/v9\nkind: ConversionRules\nconversions: []\n')).toEqual([
      ['RULES_FORMAT_VERSION', 'r.yaml', 1, 13],
    ]);
  });
  it('a path the version lacks, at the path', () => {
    const r = parseRules(
      `${HEAD}      - id: a\n        move: { from: spec.targetName, to: spec.target.nme }\n`,
      'r.yaml',
    );
    expect(r.issues).toEqual([]);
    expect(
      checkRulesAgainstCatalog(r.ruleSet, fixtureCatalog('backup-crd.yaml')).map((i) => [
        i.code,
        i.range?.start.line,
        i.range?.start.col,
      ]),
    ).toEqual([['RULE_PATH_UNKNOWN', 10, 44]]);
  });
});

describe("parseRules: each op's own checks, at the path they name", () => {
  const R = ['conversions', 0, 'rules', 0];
  it.each([
    ['a rule that is not a mapping', '      - just a string\n', [['RULES_INVALID', R]]],
    [
      'two operations',
      '      - id: a\n        move: { from: spec.a, to: spec.b }\n        drop: { from: spec.a, reason: r }\n',
      [['RULES_INVALID', R]],
    ],
    ['an op that is not a mapping', '      - id: a\n        move: spec.a\n', [['RULES_INVALID', [...R, 'move']]]],
    [
      'enum without values',
      '      - id: a\n        enum: { from: spec.m }\n',
      [['RULES_INVALID', [...R, 'enum', 'values']]],
    ],
    [
      'an enum value that is not a string',
      '      - id: a\n        enum: { from: spec.m, values: { A: 1 } }\n',
      [['RULES_INVALID', [...R, 'enum', 'values', 'A']]],
    ],
    [
      'mapToList with key and value the same field',
      '      - id: a\n        mapToList: { from: spec.m, key: name, value: name }\n',
      [['RULES_INVALID', [...R, 'mapToList', 'value']]],
    ],
    ['fail with no condition', '      - id: a\n        fail: { message: m }\n', [['RULES_INVALID', [...R, 'fail']]]],
    [
      'drop.restore that is not CEL',
      '      - id: a\n        drop: { from: spec.a, reason: r, restore: "self.(" }\n',
      [['RULE_CEL_INVALID', [...R, 'drop', 'restore']]],
    ],
    [
      'drop.restore that is empty',
      '      - id: a\n        drop: { from: spec.a, reason: r, restore: "" }\n',
      [['RULES_INVALID', [...R, 'drop', 'restore']]],
    ],
  ])('%s: left out, with the issue at its path', (_, rules, expected) => {
    const r = parseRules(`${HEAD}${rules}`, 'r.yaml');
    expect(r.issues.map((i) => [i.code, i.path])).toEqual(expected);
    expect(r.ruleSet.conversions[0]?.rules).toEqual([]);
  });
});

describe('the JSON Schema and the parser agree', () => {
  it('on the repository rule files (valid)', () => {
    for (const f of repoRuleFiles()) {
      expect(parseRules(f.text, f.file).issues, f.file).toEqual([]);
      expect(validSchema(parseYaml(f.text)), f.file).toBe(true);
    }
  });
  it.each([
    ['unknown rule kind', `${HEAD}      - id: a\n        rename: { from: spec.a, to: spec.b }\n`],
    [
      'two operations',
      `${HEAD}      - id: a\n        move: { from: spec.a, to: spec.b }\n        drop: { from: spec.a, reason: r }\n`,
    ],
    ['compute without down', `${HEAD}      - id: a\n        compute: { up: { spec.a: "1" } }\n`],
    ['drop without reason', `${HEAD}      - id: a\n        drop: { from: spec.a }\n`],
    ['drop of both sides', `${HEAD}      - id: a\n        drop: { from: spec.a, to: spec.b, reason: r }\n`],
    ['unknown field', `${HEAD}      - id: a\n        move: { from: spec.a, to: spec.b, via: spec.c }\n`],
  ])('on %s (invalid)', (_, text) => {
    expect(parseRules(text).issues.length).toBeGreaterThan(0);
    expect(validSchema(parseYaml(text))).toBe(false);
  });
});

describe('rule paths', () => {
  it('read back as written, any key included', () => {
    const seg = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'a.b', '[]', 'x-y', 'constructor'));
    fc.assert(
      fc.property(fc.array(fc.option(seg, { nil: null }), { minLength: 1, maxLength: 5 }), (p) => {
        fc.pre(p[0] !== null);
        expect(parsePathPattern(formatPathPattern(p))).toEqual(p);
      }),
    );
  });
  it.each(['', '.a', 'a.', 'a..b', '[]', 'a[0]', 'a["x"', 'a b'])('rejects %j', (s) => {
    expect(parsePathPattern(s)).toBeUndefined();
  });
});
