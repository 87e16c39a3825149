// Corpus samples as documents, and the corpus catalog that knows each (shared by the corpus-driven tests).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { Catalog } from '../model/model.ts';
import { findKindForDocument } from '../catalog/findKindForDocument.ts';
import { CORPUS, corpusSamples, type CorpusUnit } from './loadCatalogs.ts';

export interface SampleDoc {
  file: string;
  index: number;
  doc: Record<string, unknown>;
}

export function samplesOf(family: string): SampleDoc[] {
  const out: SampleDoc[] = [];
  for (const file of corpusSamples(family)) {
    const docs = parseAllDocuments(readFileSync(file, 'utf8'));
    (Array.isArray(docs) ? docs : [docs]).forEach((d, index) => {
      const v = d.toJS() as unknown;
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return;
      const o = v as Record<string, unknown>;
      if (o.kind === 'List' && Array.isArray(o.items))
        o.items.forEach(
          (it) => it && typeof it === 'object' && out.push({ file, index, doc: it as Record<string, unknown> }),
        );
      else out.push({ file, index, doc: o });
    });
  }
  return out;
}

/** The catalog of the family that knows the document: bundles matching the sample's release tag and channel first. */
export function catalogForSample(
  units: readonly (CorpusUnit & { catalog: Catalog })[],
  family: string,
  file: string,
  doc: unknown,
): Catalog | undefined {
  const rel = path.relative(path.join(CORPUS, family, 'samples'), file).split(path.sep);
  const tag = rel[0] ?? '';
  const experimental = rel.includes('experimental');
  const score = (id: string): number =>
    (id.includes(`/${tag}`) ? 2 : 0) + (id.includes('experimental') === experimental ? 1 : 0);
  const us = units
    .filter((u) => u.family === family)
    .sort((a, b) => score(b.id) - score(a.id) || (a.id < b.id ? 1 : -1));
  return us.find((u) => findKindForDocument(u.catalog, doc).version)?.catalog;
}
