// A CRD revision check: two catalogs (old and new releases of the same CRDs) -> every change, classified by rule.
// Kinds pair by group and kind, versions by name; only versions with a CRD schema take part (OpenAPI imports and
// derived storage variants have none).
import { issue, type Issue } from '../../model/issue.ts';
import type { Catalog, Kind, Version } from '../../model/model.ts';
import { compareSchemas, formatSchemaPath, type SchemaChange, type SchemaPath } from './compareSchemas.ts';
import { descriptionsOf } from './descriptions.ts';
import { applyAllow, type AllowEntry } from './allowList.ts';
import { fails, severityOf, type CompatRule, type CompatSeverity } from './rules.ts';

export interface CompatFinding {
  readonly group: string;
  readonly kind: string;
  /** The version the change is in; absent for changes to the CRD as a whole (scope, storage, conversion). */
  readonly version?: string;
  readonly path: SchemaPath;
  readonly rule: CompatRule;
  readonly severity: CompatSeverity;
  /** Evidence: the value before and after (absent = not set). */
  readonly old?: unknown;
  readonly new?: unknown;
  readonly message: string;
  /** Set when an allow entry covers this failing finding. */
  readonly allowed?: { readonly reason: string };
}

export interface CompatReport {
  /** False when a failing finding (incompatible, or at least `failOn`) is not allowed. */
  readonly ok: boolean;
  readonly findings: readonly CompatFinding[];
  readonly counts: Readonly<Record<CompatSeverity | 'allowed', number>>;
  /** Kinds and versions present in both catalogs (the ones compared field by field). */
  readonly compared: readonly { readonly group: string; readonly kind: string; readonly versions: readonly string[] }[];
  readonly issues: readonly Issue[];
}

const crdVersions = (k: Kind): Version[] => k.versions.filter((v) => v.schema !== undefined);
const kindKey = (k: Kind): string => `${k.group}/${k.kind}`;

type Emit = (
  rule: CompatRule,
  message: string,
  extra?: { version?: string; path?: SchemaPath; old?: unknown; new?: unknown },
) => void;

/**
 * Differences an apiVersion rewrite cannot carry between two versions: fields one of them lacks (pruned) and
 * values one of them rejects. Loosened limits and text are not among them.
 */
const substantive = (changes: readonly SchemaChange[]) =>
  changes.filter((c) => severityOf(c.rule) === 'incompatible' || c.rule === 'field-added');

function checkKind(a: Kind, b: Kind, emit: Emit): string[] {
  const va = crdVersions(a);
  const vb = crdVersions(b);
  const byName = (vs: Version[]) => new Map(vs.map((v) => [v.name, v]));
  const ma = byName(va);
  const mb = byName(vb);
  const scopeA = a.scope ?? 'Namespaced';
  const scopeB = b.scope ?? 'Namespaced';
  if (scopeA !== scopeB) emit('scope-changed', `scope ${scopeA} -> ${scopeB}`, { old: scopeA, new: scopeB });
  const convA = a.conversionStrategy ?? 'None';
  const convB = b.conversionStrategy ?? 'None';
  if (convA !== convB)
    emit(
      convB === 'Webhook' ? 'conversion-webhook-added' : 'conversion-webhook-removed',
      `conversion ${convA} -> ${convB}`,
      {
        old: convA,
        new: convB,
      },
    );
  const storageA = va.find((v) => v.crdStorage)?.name;
  const storageB = vb.find((v) => v.crdStorage)?.name;
  if (storageA !== storageB)
    emit('storage-changed', `storage version ${storageA} -> ${storageB}`, { old: storageA, new: storageB });
  // A CRD file without status has stored at least its storage version.
  // (Generated CRD files carry `storedVersions: []`, a placeholder.)
  const stored =
    a.storedVersions !== undefined && a.storedVersions.length > 0
      ? a.storedVersions
      : storageA !== undefined
        ? [storageA]
        : [];
  for (const v of va) {
    if (mb.has(v.name)) continue;
    if (stored.includes(v.name))
      emit('stored-version-removed', `version ${v.name} removed while in status.storedVersions`, {
        version: v.name,
        old: stored,
      });
    else if (v.served) emit('version-removed', `served version ${v.name} removed`, { version: v.name, old: v.name });
    else emit('unserved-version-removed', `unserved version ${v.name} removed`, { version: v.name, old: v.name });
  }
  for (const v of vb) {
    if (ma.has(v.name)) continue;
    // With strategy None the API server only rewrites apiVersion: a schema that differs from a version objects
    // already exist at cannot be carried.
    const existing = vb.filter((x) => x !== v && ma.has(x.name));
    const differs = existing
      .map((x) => ({ x, changes: substantive(compareSchemas(x.schema ?? {}, v.schema ?? {})) }))
      .filter((d) => d.changes.length > 0);
    const first = differs[0];
    if (convB === 'None' && first)
      emit(
        'version-added-without-conversion',
        `version ${v.name} added with conversion None but a schema that differs from ${first.x.name}`,
        {
          version: v.name,
          old: { conversion: convB, comparedWith: first.x.name },
          new: { changes: first.changes.slice(0, 5).map((c) => ({ path: formatSchemaPath(c.path), rule: c.rule })) },
        },
      );
    else emit('version-added', `version ${v.name} added`, { version: v.name, new: v.name });
  }
  const both: string[] = [];
  for (const x of va) {
    const y = mb.get(x.name);
    if (!y) continue;
    both.push(x.name);
    if (x.served !== y.served)
      emit(y.served ? 'served-added' : 'served-removed', `served ${String(x.served)} -> ${String(y.served)}`, {
        version: x.name,
        old: x.served,
        new: y.served,
      });
    const depA = { deprecated: x.deprecated, warning: x.deprecationWarning };
    const depB = { deprecated: y.deprecated, warning: y.deprecationWarning };
    if (depA.deprecated !== depB.deprecated || depA.warning !== depB.warning)
      emit('deprecation-changed', 'deprecation changed', { version: x.name, old: depA, new: depB });
    const changes = compareSchemas(x.schema ?? {}, y.schema ?? {});
    for (const c of changes) emit(c.rule, c.message, { version: x.name, path: c.path, old: c.old, new: c.new });
    // Descriptions of a field whose type changed belong to that change.
    const retyped = changes.filter((c) => c.rule === 'type-changed').map((c) => c.path);
    const da = descriptionsOf(x);
    const db = descriptionsOf(y);
    for (const [key, d] of da) {
      if (!db.has(key)) continue;
      const e = db.get(key);
      if (d === e) continue;
      const path = key === '' ? [] : key.split('\u0000');
      if (retyped.some((r) => r.length <= path.length && r.every((s, i) => s === path[i]))) continue;
      emit('description-changed', 'description changed', { version: x.name, path, old: d, new: e });
    }
  }
  return both;
}

/** Compares every kind and version of `old` with `new`; `allow` turns matching incompatible findings into allowed ones. */
/** The least severe finding that fails the check (buf-style strictness): `incompatible` unless asked otherwise. */
export type FailOn = CompatSeverity;

export function checkCatalogs(
  old: Catalog,
  neu: Catalog,
  allow: readonly AllowEntry[] = [],
  failOn: FailOn = 'incompatible',
): CompatReport {
  const findings: CompatFinding[] = [];
  const issues: Issue[] = [];
  const compared: { group: string; kind: string; versions: string[] }[] = [];
  const newKinds = new Map(neu.kinds.map((k) => [kindKey(k), k]));
  const oldKinds = new Map(old.kinds.map((k) => [kindKey(k), k]));
  const emitFor =
    (k: Kind): Emit =>
    (rule, message, extra = {}) =>
      findings.push({
        group: k.group,
        kind: k.kind,
        ...(extra.version !== undefined ? { version: extra.version } : {}),
        path: extra.path ?? [],
        rule,
        severity: severityOf(rule),
        ...(extra.old !== undefined ? { old: extra.old } : {}),
        ...(extra.new !== undefined ? { new: extra.new } : {}),
        message,
      });
  const withSchema = (k: Kind, which: string): boolean => {
    if (crdVersions(k).length > 0) return true;
    issues.push(
      issue('error', 'NO_CRD_SCHEMA', `${k.kind} (${k.group}) in the ${which} catalog has no CRD schema: not checked`),
    );
    return false;
  };
  for (const a of [...old.kinds].sort((x, y) => kindKey(x).localeCompare(kindKey(y)))) {
    const b = newKinds.get(kindKey(a));
    if (!withSchema(a, 'old')) continue;
    if (!b) {
      emitFor(a)('kind-removed', `${a.kind} (${a.group}) removed`, { old: crdVersions(a).map((v) => v.name) });
      continue;
    }
    if (!withSchema(b, 'new')) continue;
    compared.push({ group: a.group, kind: a.kind, versions: checkKind(a, b, emitFor(a)) });
  }
  for (const b of [...neu.kinds].sort((x, y) => kindKey(x).localeCompare(kindKey(y))))
    if (!oldKinds.has(kindKey(b)) && crdVersions(b).length > 0)
      emitFor(b)('kind-added', `${b.kind} (${b.group}) added`, { new: crdVersions(b).map((v) => v.name) });
  const failing = (f: CompatFinding) => fails(f.severity, failOn);
  const allowed = applyAllow(findings, allow, failing);
  const counts = { incompatible: 0, compatible: 0, harmless: 0, allowed: 0 };
  for (const f of allowed.findings) {
    if (f.allowed) counts.allowed++;
    else counts[f.severity]++;
  }
  return {
    ok: !allowed.findings.some((f) => failing(f) && !f.allowed),
    findings: allowed.findings,
    counts,
    compared,
    issues: [...issues, ...allowed.issues],
  };
}
