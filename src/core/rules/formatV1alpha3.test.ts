// Format v1alpha3: `fail` (a conversion that fails on purpose, with a message), `compute.defaults` (what a
// direction writes when its inputs are all absent), CEL's optional map/list entries in expressions, and Go's
// duration formatting (`formatDuration`).
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyRules } from './apply.ts';
import { RULES_JSON_SCHEMA } from './format.ts';
import { parseRules } from './parse.ts';
import { ruleToJson } from '../analyse/drafts/draftText.ts';

const file = (rules: string, version = 'v1alpha3') => `apiVersion: version-explorer.dev/${version}
kind: ConversionRules
conversions:
  - kind: CronJob
    from: v1
    to: v2
    rules:
${rules}`;
const kind = { kind: 'CronJob' };

const FAIL = `      - id: no-seconds
        fail:
          up: "has(self.spec.schedule) && self.spec.schedule.split(' ').size() == 6"
          message: a v1 schedule with seconds has no v2 form
`;
const DEFAULTS = `      - id: schedule
        compute:
          up: { spec.schedule: "{'cron': self.spec.schedule}" }
          down: { spec.schedule: 'self.spec.schedule.cron' }
          defaults:
            down: { spec.schedule: "'* * * * *'" }
`;
const OPTIONAL = `      - id: ttl
        compute:
          up:
            spec.cleanup: "{?'ttl': has(self.spec.ttl) ? optional.of(formatDuration(duration(self.spec.ttl))) : optional.none(), 'keep': [?self.spec.?keep]}"
          down:
            spec.ttl: 'self.spec.cleanup.?ttl.orValue(null)'
            spec.keep: 'self.spec.cleanup.keep.size() > 0 ? self.spec.cleanup.keep[0] : null'
`;

describe('rules format v1alpha3', () => {
  it('fail: a true condition fails the conversion with the message, at the rule; false converts', () => {
    const { ruleSet, issues } = parseRules(file(FAIL), 'r.yaml');
    expect(issues).toEqual([]);
    const bad = applyRules(ruleSet, kind, 'v1', 'v2', { kind: 'CronJob', spec: { schedule: '0 * * * * *' } });
    expect(bad.issues).toEqual([
      expect.objectContaining({
        code: 'RULE_FAILED',
        severity: 'error',
        message: 'rule no-seconds: a v1 schedule with seconds has no v2 form',
        file: 'r.yaml',
        range: expect.objectContaining({ start: expect.objectContaining({ line: 8 }) }),
      }),
    ]);
    const ok = applyRules(ruleSet, kind, 'v1', 'v2', { kind: 'CronJob', spec: { schedule: '* * * * *' } });
    expect(ok.issues).toEqual([]);
    // a direction without a condition never fails
    expect(applyRules(ruleSet, kind, 'v2', 'v1', { spec: { schedule: '0 * * * * *' } }).issues).toEqual([]);
  });

  it('fail: a condition that errors or is not a bool fails too (never converts what it could not judge)', () => {
    const { ruleSet } = parseRules(file(FAIL.replace(/up: ".*"/, 'up: "self.spec.schedule"')));
    const r = applyRules(ruleSet, kind, 'v1', 'v2', { spec: { schedule: 'x' } });
    expect(r.issues.map((i) => [i.code, i.message])).toEqual([
      ['RULE_FAILED', 'rule no-seconds: up: the condition is not a bool'],
    ]);
    const missing = applyRules(
      parseRules(file(FAIL.replace(/up: ".*"/, 'up: "self.spec.nope == 1"'))).ruleSet,
      kind,
      'v1',
      'v2',
      { spec: {} },
    );
    expect(missing.issues.map((i) => i.code)).toEqual(['RULE_FAILED']);
  });

  it.each([
    ['no condition', FAIL.replace(/ {10}up: .*\n/, ''), 'RULES_INVALID'],
    ['no message', FAIL.replace(/ {10}message: .*\n/, ''), 'RULES_INVALID'],
    ['a CEL syntax error', FAIL.replace(/up: ".*"/, 'up: "self.("'), 'RULE_CEL_INVALID'],
    ['an unknown key', FAIL.replace('message:', 'reason: x\n          message:'), 'RULES_INVALID'],
  ])('fail: %s is refused', (_, rules, code) => {
    const r = parseRules(file(rules));
    expect(r.issues.map((i) => i.code)).toContain(code);
    expect(r.ruleSet.conversions[0]?.rules).toEqual([]);
  });

  it('compute.defaults: a direction whose inputs are absent writes its defaults; present inputs convert', () => {
    const { ruleSet, issues } = parseRules(file(DEFAULTS));
    expect(issues).toEqual([]);
    const defaulted = applyRules(ruleSet, kind, 'v2', 'v1', { kind: 'CronJob', spec: {} });
    expect(defaulted.issues).toEqual([]);
    expect(defaulted.doc).toEqual({ kind: 'CronJob', spec: { schedule: '* * * * *' } });
    const given = applyRules(ruleSet, kind, 'v2', 'v1', { spec: { schedule: { cron: '0 2 * * *' } } });
    expect(given.doc).toEqual({ spec: { schedule: '0 2 * * *' } });
    // no defaults going up: absent stays absent
    expect(applyRules(ruleSet, kind, 'v1', 'v2', { spec: {} }).doc).toEqual({ spec: {} });
  });

  it('compute.defaults: refused when empty, with an unknown key, or with a bad expression', () => {
    for (const bad of ['defaults: {}', 'defaults: { sideways: {} }', `defaults: { up: { spec.x: 'self.(' } }`]) {
      const r = parseRules(file(DEFAULTS.replace(/defaults:\n.*\n/, `${bad}\n`)));
      expect(r.issues.length, bad).toBeGreaterThan(0);
      expect(r.ruleSet.conversions[0]?.rules, bad).toEqual([]);
    }
  });

  it('optional map and list entries, and formatDuration, in a rule', () => {
    const { ruleSet, issues } = parseRules(file(OPTIONAL));
    expect(issues).toEqual([]);
    const full = applyRules(ruleSet, kind, 'v1', 'v2', { spec: { ttl: '90m', keep: 'last' } });
    expect(full.issues).toEqual([]);
    expect(full.doc).toEqual({ spec: { cleanup: { ttl: '1h30m0s', keep: ['last'] } } });
    const bare = applyRules(ruleSet, kind, 'v1', 'v2', { spec: { keep: 'last' } });
    expect(bare.doc).toEqual({ spec: { cleanup: { keep: ['last'] } } });
    const back = applyRules(ruleSet, kind, 'v2', 'v1', full.doc);
    expect(back.doc).toEqual({ spec: { ttl: '1h30m0s', keep: 'last' } });
  });

  it('a rule written back as YAML (drafts, editor) keeps fail and defaults', () => {
    const { ruleSet } = parseRules(file(FAIL + DEFAULTS));
    const [fail, compute] = ruleSet.conversions[0]!.rules;
    expect(ruleToJson(fail!)).toMatchObject({ fail: { message: expect.any(String), up: expect.any(String) } });
    expect(ruleToJson(compute!)).toMatchObject({ compute: { defaults: { down: { 'spec.schedule': "'* * * * *'" } } } });
  });

  it('the JSON Schema takes v1alpha3 with fail and defaults, and every older version', () => {
    const validate = new Ajv2020({ strict: false }).compile(RULES_JSON_SCHEMA);
    expect(validate(parse(file(FAIL + DEFAULTS + OPTIONAL)))).toBe(true);
    for (const v of ['v1alpha1', 'v1alpha2'])
      expect(validate(parse(file(DEFAULTS.replace(/ +defaults:\n.*\n/, ''), v)))).toBe(true);
    expect(validate(parse(file(FAIL.replace(/ {10}up: .*\n/, ''))))).toBe(false);
    expect(validate(parse(file(FAIL.replace(/ {10}message: .*\n/, ''))))).toBe(false);
  });
});
