// What the API server does to a request beyond the pipeline's stages: a version it does not serve (404), the
// status subresource (PrepareForCreate / PrepareForUpdate), validation at the request version, a conversion that
// fails, and a webhook the explorer does not know.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../../importers/index.ts';
import type { Catalog, Kind } from '../../index.ts';
import { findVersion, runDeployed, type DeployedResult } from '../../index.ts';

const widgetsYaml = readFileSync(path.join(import.meta.dirname, 'testdata', 'widgets-crd.yaml'), 'utf8');

function catalogOf(text: string): { catalog: Catalog; kind: Kind } {
  const { catalog, issues } = importFiles([{ name: 'crd.yaml', text }], { id: 'test', title: 'test' });
  expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  return { catalog, kind: catalog.kinds[0] as Kind };
}

function run(
  c: { catalog: Catalog; kind: Kind },
  doc: Record<string, unknown>,
  to: string,
  opts: Parameters<typeof runDeployed>[5] = {},
): DeployedResult {
  const from = String(doc.apiVersion).split('/')[1] as string;
  return runDeployed(c.catalog, c.kind, findVersion(c.kind, from)!, doc, findVersion(c.kind, to)!, opts);
}

const widget = (version: string, spec: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  apiVersion: `example.com/${version}`,
  kind: 'Widget',
  metadata: { name: 'w' },
  spec,
  ...extra,
});

const rejections = (r: DeployedResult) => r.rejections.map((x) => [x.on, x.issue.code, x.issue.path]);

describe('a version with served: false (customresource_handler.go: 404)', () => {
  const v1Unserved = catalogOf(
    widgetsYaml.replace('served: true\n      storage: false', 'served: false\n      storage: false'),
  );

  it('refuses a write at it, and nothing is stored', () => {
    const r = run(v1Unserved, widget('v1', { size: 3 }), 'v2');
    expect(rejections(r)).toEqual([['write', 'VERSION_NOT_SERVED', ['apiVersion']]]);
    expect(r.rejected).toBe(true);
    expect(r.storedNothing).toBe(true);
  });

  it('refuses a read at it; the write at a served version is stored', () => {
    const r = run(v1Unserved, widget('v2', { size: 3 }), 'v1');
    expect(rejections(r)).toEqual([['read', 'VERSION_NOT_SERVED', ['apiVersion']]]);
    expect(r.storedNothing).toBe(false);
  });

  it('refuses both when the write and the read are at it', () => {
    const r = run(v1Unserved, widget('v1', { size: 3 }), 'v1');
    expect(rejections(r).map(([on]) => on)).toEqual(['write', 'read']);
  });

  it('serves every version of the CRD that says served: true', () => {
    const both = catalogOf(widgetsYaml);
    for (const [v, t] of [
      ['v1', 'v2'],
      ['v2', 'v1'],
    ] as const) {
      const r = run(both, widget(v, { size: 3 }), t);
      expect(r.rejected).toBe(false);
      expect(r.storedNothing).toBe(false);
    }
  });
});
