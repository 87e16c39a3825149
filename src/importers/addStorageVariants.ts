// Stage: every API version without a storage twin gets a derived one (CONVERSION.md section 3).
import type { Issue, KindInput, Version } from '../core/index.ts';
import { deriveStorageVariant, issue, storageName } from '../core/index.ts';

export function addStorageVariants(k: KindInput): { kind: KindInput; issues: Issue[] } {
  const issues: Issue[] = [];
  const names = new Set(k.versions.map((v) => v.name));
  const out: Version[] = [];
  for (const v of k.versions) {
    const hasTwin =
      v.role === 'api' && v.twin !== undefined && k.versions.some((s) => s.name === v.twin && s.role === 'storage');
    if (v.role !== 'api' || hasTwin) {
      out.push(v);
      continue;
    }
    const name = storageName(v.name);
    if (names.has(name)) {
      // A non-ASO version already uses the name: keep it, derive nothing rather than guess.
      issues.push(
        issue(
          'warning',
          'DUPLICATE_VERSION',
          `cannot derive ${name}: ${k.kind} already has a version of that name`,
          [k.group, k.kind, name],
          { subject: 'source', ...(v.source !== undefined ? { file: v.source } : {}) },
        ),
      );
      out.push(v);
      continue;
    }
    out.push({ ...v, twin: name }, deriveStorageVariant(v));
  }
  return { kind: { ...k, versions: out }, issues };
}
