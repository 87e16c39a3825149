// Shared by the deployed pipeline's tests: the two-version Widget CRD and a runner that reads V from apiVersion.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importFiles } from '../../../../importers/index.ts';
import type { Catalog, Kind } from '../../../index.ts';
import { findVersion, runDeployed, type DeployedResult } from '../../../index.ts';

export const widgetsYaml = readFileSync(path.join(import.meta.dirname, 'widgets-crd.yaml'), 'utf8');

export function catalogOf(text: string, name = 'crd.yaml'): { catalog: Catalog; kind: Kind } {
  const { catalog } = importFiles([{ name, text }], { id: 'test', title: 'test' });
  return { catalog, kind: catalog.kinds[0] as Kind };
}

/** Write `doc` at the version its apiVersion names, read it at `to`. */
export function run(
  c: { catalog: Catalog; kind: Kind },
  doc: Record<string, unknown>,
  to: string,
  opts: Parameters<typeof runDeployed>[5] = {},
): DeployedResult {
  const from = String(doc.apiVersion).split('/')[1] as string;
  return runDeployed(c.catalog, c.kind, findVersion(c.kind, from)!, doc, findVersion(c.kind, to)!, opts);
}
