import { describe, expect, it } from 'vitest';
import { parseRules } from '../../core/index.ts';
import { rulesTemplate, templatePair } from './rulesTemplate.ts';

describe('templatePair', () => {
  const vs = ['v1alpha1', 'v1beta1', 'v1beta2'];
  it('orders the pair oldest first', () => {
    expect(templatePair(vs, 'v1beta2', 'v1alpha1')).toEqual({ from: 'v1alpha1', to: 'v1beta2' });
    expect(templatePair(vs, 'v1beta1', 'v1beta2')).toEqual({ from: 'v1beta1', to: 'v1beta2' });
  });
  it('pairs a single version with its newer neighbour, the newest with its older one', () => {
    expect(templatePair(vs, 'v1beta1', 'v1beta1')).toEqual({ from: 'v1beta1', to: 'v1beta2' });
    expect(templatePair(vs, 'v1beta2', undefined)).toEqual({ from: 'v1beta1', to: 'v1beta2' });
  });
  it('has no pair for a kind with one version or a version it lacks', () => {
    expect(templatePair(['v1'], 'v1', 'v1')).toBeUndefined();
    expect(templatePair(vs, 'v9', 'v1beta1')).toBeUndefined();
  });
});

describe('rulesTemplate', () => {
  it('is a valid rules file with one conversion of the kind between the pair, and no rule', () => {
    const text = rulesTemplate(
      { group: 'controlplane.cluster.x-k8s.io', kind: 'KubeadmControlPlane' },
      {
        from: 'v1beta1',
        to: 'v1beta2',
      },
    );
    const r = parseRules(text, 'rules.yaml');
    expect(r.issues).toEqual([]);
    expect(r.ruleSet.conversions).toEqual([
      expect.objectContaining({
        group: 'controlplane.cluster.x-k8s.io',
        kind: 'KubeadmControlPlane',
        from: 'v1beta1',
        to: 'v1beta2',
        rules: [],
      }),
    ]);
  });
  it('quotes names YAML would read otherwise, and leaves out an empty group', () => {
    const r = parseRules(rulesTemplate({ group: '', kind: 'yes' }, { from: '1.0', to: 'null' }), 'rules.yaml');
    expect(r.issues).toEqual([]);
    const c = r.ruleSet.conversions[0];
    expect(c?.group).toBeUndefined();
    expect([c?.kind, c?.from, c?.to]).toEqual(['yes', '1.0', 'null']);
  });
});
