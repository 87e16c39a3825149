import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { compatView } from './compatView.ts';
import widgetCrd from '../../core/checks/compat/testdata/widget-crd.yaml?raw';

const crd = YAML.parse(widgetCrd) as {
  spec: { versions: { schema: { openAPIV3Schema: { properties: { spec: { properties: object } } } } }[] };
};

const stored = (name: string, doc: unknown) => {
  const r = importFiles([{ name: `${name}.yaml`, text: YAML.stringify(doc) }]);
  return { name, json: JSON.parse(serializeCatalog(r.catalog)) as unknown };
};

describe('compatView', () => {
  it('reports what the CI check reports: a removed field is a finding at its path', () => {
    const neu = structuredClone(crd);
    const props = neu.spec.versions[0]!.schema.openAPIV3Schema.properties.spec.properties as Record<string, unknown>;
    const removed = Object.keys(props)[0]!;
    delete props[removed];
    const view = compatView(stored('old', crd), stored('new', neu));
    expect(view.error).toBeUndefined();
    const paths = view.report!.findings.filter((f) => f.severity !== 'harmless').map((f) => f.path.join('.'));
    expect(paths.some((p) => p.endsWith(removed))).toBe(true);
  });

  it('finds nothing between a release and itself', () => {
    const view = compatView(stored('old', crd), stored('new', crd));
    expect(view.report!.findings.filter((f) => f.severity !== 'harmless')).toEqual([]);
  });

  it('names the catalog it cannot read instead of throwing', () => {
    const view = compatView(stored('old', crd), { name: 'broken', json: { formatVersion: -1 } });
    expect(view.report).toBeUndefined();
    expect(view.error).toContain('broken');
  });
});
