// conversionWithRules: the one policy by which rules become the webhook (the CLI's `convert --rules` and the
// explorer's rules editor both call it).
import { describe, expect, it } from 'vitest';
import { parseRules } from '../../rules/parse.ts';
import { conversionWithRules } from './storageView.ts';

const rules = (kind: string, group?: string) =>
  parseRules(
    `apiVersion: version-explorer.dev/v1alpha1
kind: ConversionRules
conversions:
  - ${group ? `group: ${group}\n    ` : ''}kind: ${kind}
    from: v1
    to: v2
    rules:
      - id: a
        move: { from: spec.a, to: spec.b }
`,
    'rules.yaml',
  ).ruleSet;

describe('conversionWithRules', () => {
  it("keeps the user's choice, whatever the rules", () => {
    expect(conversionWithRules('None', rules('Widget'), { group: 'x.io', kind: 'Widget' })).toBe('None');
    expect(conversionWithRules('Webhook', undefined)).toBe('Webhook');
  });

  it('makes the rules the webhook when they convert the kind', () => {
    expect(conversionWithRules(undefined, rules('Widget'), { group: 'x.io', kind: 'Widget' })).toBe('Webhook');
    expect(conversionWithRules(undefined, rules('Widget', 'x.io'), { group: 'x.io', kind: 'Widget' })).toBe('Webhook');
    expect(conversionWithRules(undefined, rules('Widget'))).toBe('Webhook');
  });

  it("leaves the CRD's own conversion when there are no rules for the kind", () => {
    expect(conversionWithRules(undefined, undefined, { group: 'x.io', kind: 'Widget' })).toBeUndefined();
    expect(conversionWithRules(undefined, rules('Gadget'), { group: 'x.io', kind: 'Widget' })).toBeUndefined();
    expect(conversionWithRules(undefined, rules('Widget', 'y.io'), { group: 'x.io', kind: 'Widget' })).toBeUndefined();
    expect(conversionWithRules(undefined, { conversions: [] })).toBeUndefined();
  });
});
