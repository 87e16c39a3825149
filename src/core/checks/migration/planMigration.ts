// Moving a kind's stored objects to one storage version so the others can be dropped (seed 002, "Migrate stored
// objects to the new version"): which stored versions remain, the Storage Version Migrator request, the ordered
// steps, and what each given object becomes when it is rewritten at the new storage version.
import { issue, type Issue, type Path, type SourceRange } from '../../model/issue.ts';
import type { Kind, Version } from '../../model/model.ts';
import type { ParsedDocument } from '../../text/parseResources.ts';
import { splitApiVersion } from '../../catalog/findKindForDocument.ts';
import { pruneBySchema } from './pruneBySchema.ts';
import { isRecord } from '../../model/jsonValue.ts';
import type { Verdict } from '../../analyse/verdict.ts';
import { namedPaths, type CheckVerdict } from '../../analyse/checkVerdict.ts';

/**
 * Rewrites one object read at `fromVersion` as the API server stores it at `toVersion`: the document it becomes and
 * the paths it loses. The default (pruneRewrite) prunes by the target schema; the "as deployed" pipeline can be
 * passed instead.
 */
export type Rewrite = (
  doc: Readonly<Record<string, unknown>>,
  fromVersion: string,
  toVersion: string,
) => {
  readonly doc: unknown;
  readonly dropped: readonly Path[];
  /** The API server's verdict on the rewrite, when the rewrite runs its pipeline. */
  readonly verdict?: Verdict;
};

export type MigrationStepKind =
  'set-storage' | 'migrate' | 'wait' | 'patch-stored-versions' | 'stop-serving' | 'remove-versions';

export interface MigrationStep {
  readonly step: MigrationStepKind;
  /**
   * True when the CRD as given already satisfies this step and the migration's verdict is lossless: a step is
   * never "done" while a rewritten object loses a field (or what it keeps cannot be told).
   */
  readonly done: boolean;
  readonly description: string;
  /** What to run (kubectl), when one command does it. */
  readonly command?: string;
  readonly versions?: readonly string[];
}

export interface ObjectMigration {
  readonly name?: string;
  readonly namespace?: string;
  /** The version the object was given at (a `kubectl get` dump shows the served version it was read at). */
  readonly from: string;
  readonly to: string;
  readonly document: unknown;
  /** Paths the rewrite drops; empty = nothing lost. */
  readonly dropped: readonly Path[];
  /** Index among the input documents (List items counted one by one), and where it is written. */
  readonly index: number;
  readonly range?: SourceRange;
}

export interface StorageVersionMigration {
  readonly apiVersion: 'migration.k8s.io/v1alpha1';
  readonly kind: 'StorageVersionMigration';
  readonly metadata: { readonly name: string };
  readonly spec: { readonly resource: { readonly group: string; readonly resource: string; readonly version: string } };
}

export interface MigrationPlan {
  readonly group: string;
  readonly kind: string;
  /** `<plural>.<group>`: the CRD's name. */
  readonly crd: string;
  readonly to: string;
  readonly storageVersion?: string;
  /** status.storedVersions as given, or (`storedVersionsFrom: 'assumed'`) the storage version alone. */
  readonly storedVersions: readonly string[];
  readonly storedVersionsFrom: 'status' | 'assumed';
  /** After the migration: only the target. */
  readonly remainingStoredVersions: readonly string[];
  /** Stored versions the plan lets you drop. */
  readonly drop: readonly string[];
  readonly manifests: readonly StorageVersionMigration[];
  readonly steps: readonly MigrationStep[];
  readonly objects: readonly ObjectMigration[];
  /** Core's verdict on the rewrites: what the steps' `done` and every surface (CLI, UI) follow. */
  readonly verdict: CheckVerdict;
  readonly issues: readonly Issue[];
}

/**
 * The migration's verdict: lossy when a rewritten object loses a field; "cannot tell" when a webhook converts and
 * the rewrites do not run it; else lossless (no object given is nothing lost).
 */
export function migrationVerdict(
  kind: Kind,
  to: string,
  objects: readonly ObjectMigration[],
  simulated: boolean,
): CheckVerdict {
  const losing = objects.filter((o) => o.dropped.length > 0);
  if (losing.length > 0)
    return {
      status: 'lossy',
      headline: `Lossy: ${losing.length} of ${objects.length} ${kind.kind} object${objects.length === 1 ? '' : 's'} lose fields when rewritten at ${to} (${namedPaths(losing.flatMap((o) => o.dropped))})`,
    };
  if (!simulated && objects.length > 0)
    return {
      status: 'undetermined',
      headline: `Cannot tell: ${kind.kind} converts with a webhook the rewrites do not run`,
    };
  return {
    status: 'lossless',
    headline: `Lossless: ${objects.length} ${kind.kind} object${objects.length === 1 ? '' : 's'} rewritten at ${to} keep every field`,
  };
}

const crdVersions = (k: Kind): Version[] => k.versions.filter((v) => v.schema !== undefined);

/** The default rewrite: apiVersion set to the target, the object pruned by the target version's schema. */
export function pruneRewrite(kind: Kind): Rewrite {
  return (doc, _from, to) => {
    const target = crdVersions(kind).find((v) => v.name === to);
    const moved = { ...doc, apiVersion: `${kind.group}/${to}` };
    return target?.schema ? pruneBySchema(moved, target.schema) : { doc: moved, dropped: [] };
  };
}

/**
 * One stored object rewritten at `to`, when it is a `kind` object: what it becomes (and the rewrite's verdict,
 * when the rewrite gives one), or the issue that it is at a version the CRD lacks. Undefined for other objects.
 * `range: false` leaves the object's source range out (finding it costs a scan of its text; text output never
 * shows it); an issue always has its range.
 */
export function migrateObject(
  kind: Kind,
  to: string,
  d: ParsedDocument,
  rewrite: Rewrite,
  opts: { readonly range?: boolean } = {},
): { object: ObjectMigration; verdict?: Verdict } | { issue: Issue } | undefined {
  const v = d.value;
  if (!isRecord(v) || typeof v.apiVersion !== 'string' || v.kind !== kind.kind) return undefined;
  const { group, version } = splitApiVersion(v.apiVersion);
  if (group !== kind.group) return undefined;
  const meta = isRecord(v.metadata) ? v.metadata : {};
  const at = d.listPath ?? [];
  if (!crdVersions(kind).some((x) => x.name === version))
    return {
      issue: issue(
        'error',
        'UNKNOWN_VERSION',
        `${kind.kind} at ${v.apiVersion} is not a version of the CRD`,
        [...at, 'apiVersion'],
        {
          ...(d.range ? { range: d.range } : {}),
        },
      ),
    };
  const r = rewrite(v, version, to);
  const range = opts.range === false ? undefined : d.range;
  const object: ObjectMigration = {
    ...(typeof meta.name === 'string' ? { name: meta.name } : {}),
    ...(typeof meta.namespace === 'string' ? { namespace: meta.namespace } : {}),
    from: version,
    to,
    document: r.doc,
    dropped: r.dropped,
    index: d.index,
    ...(range ? { range } : {}),
  };
  return { object, ...(r.verdict ? { verdict: r.verdict } : {}) };
}

function objectsOf(kind: Kind, to: string, docs: readonly ParsedDocument[], rewrite: Rewrite, issues: Issue[]) {
  const out: ObjectMigration[] = [];
  for (const d of docs) {
    const m = migrateObject(kind, to, d, rewrite);
    if (m && 'issue' in m) issues.push(m.issue);
    else if (m) out.push(m.object);
  }
  return out;
}

/**
 * The plan to store every `kind` object at `to` and drop the other stored versions. `objects` (parsed documents,
 * e.g. a `kubectl get <plural> -A -o yaml` List) are rewritten with `rewrite` (default: pruneRewrite).
 */
export function planMigration(
  kind: Kind,
  to: string,
  options: { objects?: readonly ParsedDocument[]; rewrite?: Rewrite } = {},
): { plan?: MigrationPlan; issues: Issue[] } {
  const versions = crdVersions(kind);
  const target = versions.find((v) => v.name === to);
  if (!target) {
    const has = versions.map((v) => v.name).join(', ');
    return {
      issues: [
        issue(
          'error',
          'UNKNOWN_VERSION',
          `${kind.kind} has no CRD version ${to} (it has: ${has || 'no CRD versions'})`,
        ),
      ],
    };
  }
  const issues: Issue[] = [];
  const plural = kind.plural ?? `${kind.kind.toLowerCase()}s`;
  if (kind.plural === undefined)
    issues.push(issue('warning', 'INVALID_CRD', `${kind.kind} has no spec.names.plural: assumed ${plural}`));
  const crd = `${plural}.${kind.group}`;
  const storage = versions.find((v) => v.crdStorage)?.name;
  // Generated CRD files carry `storedVersions: []`: a placeholder, never a cluster's state.
  const fromStatus = kind.storedVersions !== undefined && kind.storedVersions.length > 0;
  const storedVersions = fromStatus
    ? (kind.storedVersions as readonly string[])
    : storage !== undefined
      ? [storage]
      : [];
  const drop = storedVersions.filter((v) => v !== to);
  const stillServed = versions.filter((v) => drop.includes(v.name) && v.served).map((v) => v.name);
  const present = drop.filter((d) => versions.some((v) => v.name === d));
  if (kind.conversionStrategy === 'Webhook' && options.rewrite === undefined)
    issues.push(
      issue(
        'info',
        'WEBHOOK_NOT_SIMULATED',
        `${kind.kind} converts with a webhook: the rewrites shown set apiVersion and prune by the ${to} schema, without the webhook's changes`,
      ),
    );
  const name = `${plural}-storage-version-migration`;
  const manifest: StorageVersionMigration = {
    apiVersion: 'migration.k8s.io/v1alpha1',
    kind: 'StorageVersionMigration',
    metadata: { name },
    spec: { resource: { group: kind.group, resource: plural, version: to } },
  };
  const nothingToMove = storage === to && drop.length === 0;
  const objects = objectsOf(kind, to, options.objects ?? [], options.rewrite ?? pruneRewrite(kind), issues);
  const simulated = kind.conversionStrategy !== 'Webhook' || options.rewrite !== undefined;
  const verdict = migrationVerdict(kind, to, objects, simulated);
  const facts: MigrationStep[] = [
    {
      step: 'set-storage',
      done: storage === to,
      versions: [to],
      description:
        storage === to
          ? `${to} is the storage version`
          : `set storage: true on ${to} (and false on ${storage ?? 'the current storage version'}) in the CRD and apply it; new writes are stored at ${to}`,
    },
    {
      step: 'migrate',
      done: nothingToMove,
      description: `create the StorageVersionMigration: the migrator rewrites every ${kind.kind} so the API server stores it at ${to}`,
      command: `kubectl apply -f ${name}.yaml`,
    },
    {
      step: 'wait',
      done: nothingToMove,
      description: 'wait until the migration reports the Succeeded condition True',
      command: `kubectl get storageversionmigration ${name} -o jsonpath="{.status}"`,
    },
    {
      step: 'patch-stored-versions',
      done: drop.length === 0,
      versions: [to],
      description: `remove ${drop.join(', ') || 'nothing'} from status.storedVersions (the API server refuses to drop a version still listed there)`,
      command: `kubectl patch customresourcedefinitions ${crd} --subresource=status --type=merge -p '{"status":{"storedVersions":["${to}"]}}'`,
    },
    {
      step: 'stop-serving',
      done: stillServed.length === 0,
      versions: stillServed,
      description: `once no client reads or writes them, set served: false on ${stillServed.join(', ') || 'nothing'}`,
    },
    {
      step: 'remove-versions',
      done: present.length === 0,
      versions: present,
      description: `remove ${present.join(', ') || 'nothing'} from spec.versions`,
    },
  ];
  const steps = facts.map((s) => ({ ...s, done: s.done && verdict.status === 'lossless' }));
  return {
    plan: {
      group: kind.group,
      kind: kind.kind,
      crd,
      to,
      ...(storage !== undefined ? { storageVersion: storage } : {}),
      storedVersions,
      storedVersionsFrom: fromStatus ? 'status' : 'assumed',
      remainingStoredVersions: [to],
      drop,
      manifests: nothingToMove ? [] : [manifest],
      steps,
      objects,
      verdict,
      issues,
    },
    issues,
  };
}
