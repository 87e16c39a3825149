import { describe, expect, it } from 'vitest';
import { parseResources } from '../../core/index.ts';
import { importDir } from '../../core/testdata/loadCatalogs.ts';
import { importFiles } from '../../importers/index.ts';
import { validationView } from './validation.ts';

const { catalog } = importDir(new URL('../../cli/testdata/validate/', import.meta.url).pathname, 'widgets');
const widget = (name: string, spec: string, version = 'v2') =>
  `apiVersion: demo.example.com/${version}\nkind: Widget\nmetadata: {name: ${name}}\nspec: ${spec}\n`;

describe('validation in the worker', () => {
  it('marks each document against its own version; other kinds are not judged', () => {
    const text = [
      widget('a', '{size: 9}', 'v1'), // fine at v1
      'apiVersion: v1\nkind: Secret\nmetadata: {name: s}\nstringData: {size: "9"}\n',
      widget('b', '{size: 9}'), // refused at v2: lines 11-14, spec.size on 14
    ].join('---\n');
    const { view, markers } = validationView(catalog, parseResources(text), { selected: 0 });
    expect(markers.map((m) => [m.code, m.severity, m.range.start.line])).toEqual([['CEL_RULE', 'error', 14]]);
    expect(view.documents.map((d) => [d.index, d.line, d.errors])).toEqual([
      [0, 1, 0],
      [1, 5, 0], // a document starts at its `---`
      [2, 10, 1],
    ]);
    expect(view.source).toMatchObject({ version: 'v1', errors: 0 });
    expect(view.covered).toBe(true);
  });

  it('the selected document is read at the picked version; the target summary judges the converted document', () => {
    const parsed = parseResources(widget('a', '{size: 9}', 'v1'));
    const { view } = validationView(catalog, parsed, {
      selected: 0,
      selectedVersion: 'v2',
      target: { apiVersion: 'demo.example.com/v2', kind: 'Widget', metadata: { name: 'a' }, spec: { size: 9 } },
    });
    expect(view.source).toMatchObject({ version: 'v2', errors: 1 });
    expect(view.target).toMatchObject({ version: 'v2', errors: 1, first: [{ code: 'CEL_RULE', path: 'spec.size' }] });
    expect(view.documents).toEqual([]); // one document: no cursor -> document mapping needed
  });

  it('underlines the member a failing rule on an object reads last (the value to change), not the object key', () => {
    const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: routes.demo.example.com}
spec:
  group: demo.example.com
  scope: Namespaced
  names: {kind: Route, plural: routes, singular: route, listKind: RouteList}
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
                match:
                  type: object
                  properties:
                    type: {type: string}
                    value: {type: string}
                  x-kubernetes-validations:
                    - rule: "self.type == 'Exact' ? self.value.startsWith('/') : true"
                      message: value must start with /
`;
    const { catalog: routes } = importFiles([{ name: 'routes.yaml', text: crd }], { id: 'routes' });
    const doc =
      'apiVersion: demo.example.com/v1\nkind: Route\nmetadata: {name: r}\nspec:\n  match:\n    type: Exact\n    value: bar\n';
    const { markers } = validationView(routes, parseResources(doc), { selected: 0 });
    expect(markers.map((m) => [m.code, m.range.start.line])).toEqual([['CEL_RULE', 7]]);
  });
});
