import { describe, expect, it } from 'vitest';
import { RULE_COST_LIMIT } from '../../core/index.ts';
import { crdAcceptance } from './crdAcceptance.ts';

// A CRD whose rule runs once per item of an unbounded list of unbounded strings: over the per-rule budget.
const crd = (maxItems: string, rule: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: widgets.example.com }
spec:
  group: example.com
  scope: Namespaced
  names: { kind: Widget, plural: widgets }
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                names:
                  type: array${maxItems}
                  items:
                    type: string
                    maxLength: 64
                    x-kubernetes-validations:
                      - rule: "${rule}"
`;

describe('crdAcceptance', () => {
  it('names the rule, its line, its estimated cost and the bound that brings it under the limit', () => {
    const r = crdAcceptance([{ name: 'crds/widget.yaml', text: crd('', "self.matches('^[a-z]+$')") }]);
    expect(r).toMatchObject({ crds: 1, refused: 1 });
    const [x] = r.rejections;
    expect(x).toMatchObject({ file: 'crds/widget.yaml', crd: 'widgets.example.com', code: 'CRD_CEL_COST', line: 25 });
    expect(x?.rule).toBe("self.matches('^[a-z]+$')");
    expect(x?.total).toBe((x?.cost ?? 0) * (x?.cardinality ?? 0));
    expect(x?.total).toBeGreaterThan(RULE_COST_LIMIT);
    expect(x?.underAt).toBe(Math.floor(RULE_COST_LIMIT / (x?.cost ?? 1)));
    // The bound it names is enough: with maxItems at that figure the CRD is accepted.
    const bounded = crdAcceptance([
      { name: 'w.yaml', text: crd(`\n                  maxItems: ${x?.underAt}`, x?.rule ?? '') },
    ]);
    expect(bounded).toMatchObject({ crds: 1, refused: 0, rejections: [] });
  });

  it('reports compile errors with their rule, and files that do not parse', () => {
    const r = crdAcceptance([
      { name: 'a.yaml', text: crd('\n                  maxItems: 4', 'self.nope()') },
      { name: 'b.yaml', text: 'a: [' },
    ]);
    expect(r.rejections.map((x) => [x.code, x.rule])).toEqual([['CRD_CEL_COMPILE', 'self.nope()']]);
    expect(r.unreadable).toEqual(['b.yaml']);
  });
});
