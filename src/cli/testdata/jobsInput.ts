// Test-only: the streamed inputs the `--jobs` tests compare one thread and workers on: Widgets of two CRDs that
// are in turn accepted, rejected, lossy and kept, now and then a ConfigMap, as a List (YAML or JSON) or as
// multi-document YAML, optionally with a List that cannot be cut into items or a broken document mid-stream.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
export const WIDGET_CATALOG = [
  path.join(root, 'src/cli/testdata/validate/widget-crd.yaml'), // demo.example.com: v2 refuses size > 5
  path.join(root, 'src/core/checks/migration/testdata/widget-crd-stored.yaml'), // example.com: v1 drops param
].join(',');

/** Object i: in turn accepted, rejected in v2, lossy at v1, kept at v1; now and then a ConfigMap (not judged). */
export function widgetObject(i: number): Record<string, unknown> {
  const metadata = { name: `w-${i}`, namespace: `team-${i % 3}` };
  if (i % 97 === 50) return { apiVersion: 'v1', kind: 'ConfigMap', metadata, data: { k: 'v' } };
  if (i % 3 === 0)
    return { apiVersion: 'demo.example.com/v2', kind: 'Widget', metadata, spec: { size: i % 9, mode: 'fast' } };
  if (i % 3 === 1)
    return { apiVersion: 'example.com/v1beta1', kind: 'Widget', metadata, spec: { replicas: 2, param: `p${i}` } };
  return { apiVersion: 'example.com/v1', kind: 'Widget', metadata, spec: { params: ['x', `y${i}`] } };
}

/** Block YAML of a plain object (strings, numbers, arrays of strings), at an indentation. */
export function blockYaml(v: unknown, pad = ''): string {
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) =>
      Array.isArray(x)
        ? `${pad}${k}:\n${x.map((s) => `${pad}- ${String(s)}\n`).join('')}`
        : x !== null && typeof x === 'object'
          ? `${pad}${k}:\n${blockYaml(x, `${pad}  `)}`
          : `${pad}${k}: ${String(x)}\n`,
    )
    .join('');
}

export type Shape = 'docs' | 'list' | 'json';
/** A List written as one document (flow style): the splitter cannot cut it, so it holds several documents. */
const FLOW_LIST =
  'apiVersion: v1\nkind: List\nitems: [{apiVersion: example.com/v1, kind: Widget, metadata: {name: f1}, spec: {params: [a]}}, ' +
  '{apiVersion: example.com/v1beta1, kind: Widget, metadata: {name: f2}, spec: {param: b}}]\n';
const BROKEN = { docs: 'apiVersion: v1\nkind: [\n', list: '  kind: [\n', json: '{"kind": [}' };

/** The objects in one of the shapes; `broken`: a document that does not parse in the middle. */
export function streamText(
  objects: readonly Record<string, unknown>[],
  shape: Shape,
  o: { broken?: boolean; flow?: boolean } = {},
): string {
  const at = (i: number) => o.broken === true && i === Math.floor(objects.length / 2);
  if (shape === 'json')
    return `{\n  "apiVersion": "v1",\n  "kind": "List",\n  "items": [\n${objects.map((x, i) => `    ${at(i) ? BROKEN.json : JSON.stringify(x)}`).join(',\n')}\n  ]\n}\n`;
  if (shape === 'list')
    return `apiVersion: v1\nitems:\n${objects.map((x, i) => `- ${blockYaml(x, '  ').slice(2)}${at(i) ? BROKEN.list : ''}`).join('')}kind: List\n`;
  return objects
    .map(
      (x, i) =>
        `${blockYaml(x)}${at(i) ? `---\n${BROKEN.docs}` : ''}${o.flow === true && i === 7 ? `---\n${FLOW_LIST}` : ''}`,
    )
    .join('---\n');
}
