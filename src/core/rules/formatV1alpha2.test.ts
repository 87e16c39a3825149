// Format v1alpha2: `compute.always` (a direction that runs with its inputs absent: constants such as Go's
// `status: {}`, defaults such as a v2 `schedule: {}` becoming `* * * * *`) and `keepEmpty` (objects the rules
// emptied are kept, as Go's converters keep `subject: {}`); v1alpha1 files still read; the JSON Schema takes both.
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyRules } from './apply.ts';
import { RULES_API_VERSION, RULES_JSON_SCHEMA } from './format.ts';
import { parseRules } from './parse.ts';

const file = (version: string, conversionExtra: string, rules: string) => `apiVersion: version-explorer.dev/${version}
kind: ConversionRules
conversions:
  - kind: CronJob
    from: v1
    to: v2
${conversionExtra}    rules:
${rules}`;

const ALWAYS = `      - id: status
        compute:
          always: true
          up: { status: '{}' }
          down: { status: '{}' }
      - id: schedule
        compute:
          always: true
          up:
            spec.schedule: "has(self.spec.schedule) ? {'cron': self.spec.schedule} : {'cron': '* * * * *'}"
          down:
            spec.schedule: "has(self.spec.schedule) && has(self.spec.schedule.cron) ? self.spec.schedule.cron : '* * * * *'"
`;
const MOVE = `      - id: subject
        move: { from: spec.subject.name, to: spec.subjectName }
`;
const kind = { kind: 'CronJob' };

describe('rules format v1alpha2', () => {
  it('v1alpha1 and v1alpha2 files still parse (v1alpha3 is the current version); an unknown one does not', () => {
    expect(RULES_API_VERSION).toBe('version-explorer.dev/v1alpha3');
    for (const v of ['v1alpha1', 'v1alpha2', 'v1alpha3']) expect(parseRules(file(v, '', MOVE)).issues).toEqual([]);
    expect(parseRules(file('v1beta9', '', MOVE)).issues.map((i) => i.code)).toEqual(['RULES_FORMAT_VERSION']);
  });

  it('compute.always runs a direction whose inputs are absent: constants and defaults', () => {
    const { ruleSet, issues } = parseRules(file('v1alpha2', '', ALWAYS));
    expect(issues).toEqual([]);
    const up = applyRules(ruleSet, kind, 'v1', 'v2', { apiVersion: 'x/v1', kind: 'CronJob', spec: {} });
    expect(up.issues).toEqual([]);
    expect(up.doc).toEqual({
      apiVersion: 'x/v1',
      kind: 'CronJob',
      spec: { schedule: { cron: '* * * * *' } },
      status: {},
    });
    const down = applyRules(ruleSet, kind, 'v2', 'v1', { kind: 'CronJob', spec: { schedule: {} } });
    expect(down.doc).toMatchObject({ spec: { schedule: '* * * * *' }, status: {} });
  });

  it('without always, a direction whose inputs are absent does not run (as in v1alpha1)', () => {
    const { ruleSet } = parseRules(file('v1alpha2', '', ALWAYS.replaceAll('          always: true\n', '')));
    const up = applyRules(ruleSet, kind, 'v1', 'v2', { kind: 'CronJob', spec: {} });
    expect(up.doc).toEqual({ kind: 'CronJob', spec: {} });
  });

  it('keepEmpty keeps an object the rules emptied; by default it goes', () => {
    const doc = { kind: 'CronJob', spec: { subject: { name: 'n' } } };
    const removed = applyRules(parseRules(file('v1alpha2', '', MOVE)).ruleSet, kind, 'v1', 'v2', doc);
    expect(removed.doc).toEqual({ kind: 'CronJob', spec: { subjectName: 'n' } });
    const kept = applyRules(parseRules(file('v1alpha2', '    keepEmpty: true\n', MOVE)).ruleSet, kind, 'v1', 'v2', doc);
    expect(kept.doc).toEqual({ kind: 'CronJob', spec: { subject: {}, subjectName: 'n' } });
  });

  it('refuses a non-boolean always or keepEmpty', () => {
    const bad = parseRules(
      file('v1alpha2', '    keepEmpty: yes please\n', ALWAYS.replace('always: true', 'always: 3')),
    );
    expect(bad.issues.map((i) => [i.code, i.path.at(-1)])).toEqual(
      expect.arrayContaining([
        ['RULES_INVALID', 'keepEmpty'],
        ['RULES_INVALID', 'always'],
      ]),
    );
  });

  it('the JSON Schema accepts both versions and the new fields, and refuses a misspelt one', () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(RULES_JSON_SCHEMA);
    expect(validate(parse(file('v1alpha2', '    keepEmpty: true\n', ALWAYS)))).toBe(true);
    expect(validate(parse(file('v1alpha1', '', MOVE)))).toBe(true);
    expect(validate(parse(file('v1alpha2', '    keepEmty: true\n', MOVE)))).toBe(false);
  });
});
