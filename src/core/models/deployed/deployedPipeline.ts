// The API server's pipeline for one resource (CONVERSION.md section 10, k8s-pipeline.md): write at V, store at
// S (the CRD's storage version), read at T. Each stage reports what it did by path; the result is the stored
// document, the target document, the fates and the issues. No hub, no bag: only the CRD's own versions.
import { issue, type Issue, type Path } from '../../model/issue.ts';
import type { Catalog, ConversionStrategy, Kind, Version } from '../../model/model.ts';
import type { HookRegistry } from '../../plan/hooks.ts';
import { apiVersionOf } from '../../catalog/catalogLookup.ts';
import { convertAt } from '../aso/convertResource.ts';
import { deepClone } from '../../model/jsonValue.ts';
import { applyDefaultsInPlace } from './applyDefaults.ts';
import { versionSchema } from './derivedSchema.ts';
import { coerceEmbeddedInPlace, coerceRootMetadataInPlace, type MetadataError } from './objectMeta.ts';
import { compile } from './compiledSchema.ts';
import { pruneCopy } from './pruneCopy.ts';
import type { Recorder } from './records.ts';
import type {
  DeployedCause,
  DeployedFate,
  DeployedFateKind,
  DeployedPane,
  DeployedStep,
} from '../../fates/deployedFates.ts';
import { DEPLOYED_FATE_KINDS } from '../../fates/deployedFates.ts';

export type { DeployedFate, DeployedFateKind, DeployedPane };
import type { Schema } from './schemaNode.ts';
import { deployedStorageVersion, effectiveConversion } from './storageView.ts';
import { restoreObjectMeta, validateConvertedObject, webhookCopy, type RestoreError } from './webhookConversion.ts';
import { applyRules, findSteps } from '../../rules/apply.ts';
import type { RuleSet } from '../../rules/format.ts';

export interface DeployedOptions {
  /** Overrides the CRD's `spec.conversion.strategy` (the base-CRD choice). */
  readonly conversion?: ConversionStrategy;
  /** The operator's conversion described as rules: for a non-ASO `Webhook` CRD they are the webhook. */
  readonly rules?: RuleSet;
  /** true (default): also record `copied` per scalar leaf kept at the same path; false: only changes. */
  readonly fates?: boolean;
  /** Built-in hooks for ASO's conversion. */
  readonly hooks?: HookRegistry;
}

export interface DeployedResult {
  readonly view: 'deployed';
  readonly from: string;
  readonly storage: string;
  readonly to: string;
  readonly conversion: ConversionStrategy;
  /** The object as etcd holds it (apiVersion at S). */
  readonly stored: Record<string, unknown>;
  /** The object as a client reading at T gets it. */
  readonly target: Record<string, unknown>;
  /** Changes sorted by pane (resource, stored, target), then path; then `copied` fates in document order. */
  readonly fates: readonly DeployedFate[];
  /**
   * DROPPED_ON_WRITE, DROPPED_ON_READ, WEBHOOK_NOT_MODELLED, INVALID_METADATA (the write would be rejected),
   * CONVERSION_INVALID_METADATA (a conversion returned metadata the server refuses: the write or the read fails),
   * and what the rules reported applying (RULE_FAILED, ...: the rule's file and range, the path in the stored or
   * target document).
   */
  readonly issues: readonly Issue[];
  /**
   * The API server would fail the request: the write (malformed metadata; a conversion's invalid metadata on the
   * way to storage) or the read (a conversion's invalid metadata on the way to T). stored/target show what the
   * pipeline had then (malformed fields dropped; a failed restoration as far as it got).
   */
  readonly rejected: boolean;
  /** Why `rejected`: each failure, on the write or the read, with its issue (also in `issues`). */
  readonly rejections: readonly DeployedRejection[];
}

/** A request the API server fails: INVALID_METADATA (a write) or CONVERSION_INVALID_METADATA (a write or a read). */
export interface DeployedRejection {
  readonly on: 'write' | 'read';
  readonly issue: Issue;
}

interface Ctx {
  readonly fates: DeployedFate[];
  readonly all: boolean;
  /** What the rules said applying (a CEL failure): a field they did not write is never silent. */
  readonly ruleIssues: Issue[];
  /** Conversions whose metadata the server refused (restoreObjectMeta): the request fails. */
  readonly restoreErrors: {
    readonly on: 'write' | 'read';
    readonly from: string;
    readonly to: string;
    readonly error: RestoreError;
  }[];
}

function recorder(ctx: Ctx, on: 'write' | 'read', by: string, step: DeployedStep, pane: DeployedPane): Recorder {
  return (path, cause, rule) => {
    const kind = fateKind(step, cause, on);
    if (kind === 'copied' && !ctx.all) return;
    ctx.fates.push({ kind, on, by, step, cause, pane, path, ...(rule !== undefined ? { rule } : {}) });
  };
}

function fateKind(step: DeployedStep, cause: DeployedCause, on: 'write' | 'read'): DeployedFateKind {
  const dropped = on === 'write' ? 'dropped-on-write' : 'dropped-on-read';
  switch (step) {
    case 'prune':
      return dropped;
    case 'nulls':
      return 'null-removed';
    case 'default':
      return 'defaulted';
    case 'metadata':
      return cause === 'unknown-metadata-field' ||
        cause === 'malformed-metadata-field' ||
        cause === 'non-string-type-meta'
        ? dropped
        : 'metadata-coerced';
    case 'convert':
      return cause === 'rule-dropped' || cause === 'rule-failed'
        ? dropped
        : cause === 'webhook-not-modelled'
          ? 'webhook-not-modelled'
          : cause === 'metadata-restored'
            ? 'metadata-restored'
            : cause === 'webhook-same-path'
              ? 'copied'
              : 'converted';
  }
}

/**
 * customresource_handler.go `unstructuredSchemaCoercer.apply`: root metadata through typed ObjectMeta, prune
 * (resource root), drop non-nullable nulls, coerce embedded ObjectMeta, apiVersion/kind/metadata put back.
 */
export function coerceResource(
  input: Record<string, unknown>,
  schema: Schema,
  dropInvalidMetadata: boolean,
  rec: (step: DeployedStep) => Recorder,
): { doc: Record<string, unknown>; errors: MetadataError[] } {
  const meta = { metadata: input.metadata };
  const hasMeta = Object.hasOwn(input, 'metadata');
  const errors = hasMeta ? coerceRootMetadataInPlace(meta, dropInvalidMetadata, rec('metadata')) : [];
  // prune + drop nulls in one copying walk (pruneCopy.ts): equal to pruneInPlace then pruneNullsInPlace
  const doc = pruneCopy(input, compile(schema), true, rec('prune'), rec('nulls')) as Record<string, unknown>;
  errors.push(...coerceEmbeddedInPlace(doc, schema, false, dropInvalidMetadata, rec('metadata')));
  if (input.apiVersion !== undefined) doc.apiVersion = input.apiVersion;
  if (input.kind !== undefined) doc.kind = input.kind;
  if (hasMeta) doc.metadata = meta.metadata;
  return { doc, errors };
}

function convertTo(
  catalog: Catalog,
  kind: Kind,
  doc: Record<string, unknown>,
  from: Version,
  to: Version,
  strategy: ConversionStrategy,
  ctx: Ctx,
  on: 'write' | 'read',
  rec: Recorder,
  hooks: HookRegistry | undefined,
  rules?: RuleSet,
  /** Receives the input fields a rule read (moved or computed from), at their paths in `doc`. */
  recSource?: Recorder,
): Record<string, unknown> {
  if (from === to) return doc;
  const apiVersion = apiVersionOf(kind.group, to.name);
  if (strategy === 'None') {
    doc.apiVersion = apiVersion;
    rec(['apiVersion'], 'api-version');
    return doc;
  }
  let out: Record<string, unknown>;
  if (kind.aso) {
    // ASO's webhook is its generated conversion; rules augment it as in the ASO view
    const r = convertAt(catalog, kind, from, doc, to.name, {
      fates: true,
      ...(hooks ? { hooks } : {}),
      ...(rules ? { rules } : {}),
    });
    out = (r.output ?? {}) as Record<string, unknown>;
    for (const f of r.fates) {
      if (f.kind === 'copied' || f.kind === 'opaque') continue;
      const by = f.causes[f.causes.length - 1];
      if (f.rule !== undefined && by?.rule === 'rule-dropped') {
        if (f.sourcePath) rec([...f.sourcePath], 'rule-dropped', f.rule);
      } else if (f.rule !== undefined && by?.rule === 'conversion-rule') {
        if (f.targetPath) rec([...f.targetPath], 'conversion-rule', f.rule);
      } else if (f.kind === 'lost' || f.kind === 'pruned') {
        if (f.sourcePath) rec([...f.sourcePath], 'unknown-field');
      } else if (f.targetPath) rec([...f.targetPath], 'aso-conversion');
    }
  } else if (rules && findSteps(rules, kind, from.name, to.name)) {
    // The rules are the webhook: what they move is converted, the rest stays at its path; the server's pruning
    // by the target schema (the coercer after this step) drops what neither carries.
    const r = applyRules(rules, kind, from.name, to.name, doc);
    ctx.ruleIssues.push(...r.issues);
    for (const a of r.applied) {
      for (const p of a.destPaths) rec([...p], 'conversion-rule', a.ruleId);
      // A failed rule consumed its fields and wrote nothing from them: they are lost, never "computed".
      if (a.failed) for (const p of a.sourcePaths) (recSource ?? rec)([...p], 'rule-failed', a.ruleId);
      else if (recSource && a.op !== 'drop')
        for (const p of a.sourcePaths) recSource([...p], 'conversion-rule', a.ruleId);
    }
    for (const d of r.dropped) rec([...d.path], 'rule-dropped', d.ruleId);
    out = { ...(r.doc as Record<string, unknown>), apiVersion };
  } else {
    out = webhookCopy(doc, versionSchema(from), versionSchema(to), apiVersion, rec, ctx.all);
  }
  // converter.go: every conversion's result is checked, then its metadata restored; the first failure fails it
  const failed = validateConvertedObject(doc, out) ?? restoreObjectMeta(doc, out, rec);
  if (failed) ctx.restoreErrors.push({ on, from: from.name, to: to.name, error: failed });
  return out;
}

/** Write `doc` (at `from`) to a cluster, then read it back at `to`. `doc` is never mutated. */
export function runDeployed(
  catalog: Catalog,
  kind: Kind,
  from: Version,
  doc: Record<string, unknown>,
  to: Version,
  opts: DeployedOptions = {},
): DeployedResult {
  const ctx: Ctx = { fates: [], all: opts.fates !== false, ruleIssues: [], restoreErrors: [] };
  const S = deployedStorageVersion(kind);
  const strategy = effectiveConversion(kind, opts.conversion);
  const sFrom = versionSchema(from);
  const sStore = versionSchema(S);

  // write at V: coerce with V's schema (no dropping of malformed metadata: such a request is rejected), default
  const written = coerceResource(doc, sFrom, false, (step) => recorder(ctx, 'write', from.name, step, 'resource'));
  const errors = written.errors;
  let w = written.doc;
  applyDefaultsInPlace(w, sFrom, recorder(ctx, 'write', from.name, 'default', 'stored'));
  // convert V -> S, then the coercer again with S's schema (no defaulting, no validation at S)
  const toStore = recorder(ctx, 'write', S.name, 'convert', 'stored');
  // A rule's source fields are named on the input as written (the resource pane), as its destinations are stored.
  const fromInput = recorder(ctx, 'write', S.name, 'convert', 'resource');
  w = convertTo(catalog, kind, w, from, S, strategy, ctx, 'write', toStore, opts.hooks, opts.rules, fromInput);
  if (from !== S) {
    const s = coerceResource(w, sStore, false, (step) => recorder(ctx, 'write', S.name, step, 'stored'));
    errors.push(...s.errors);
    w = s.doc;
  }
  const stored = w;

  // read at T: the coercer with S's schema is a no-op on what it just produced; S's defaults, convert, coerce at T
  let r = deepClone(stored);
  applyDefaultsInPlace(r, sStore, recorder(ctx, 'read', S.name, 'default', 'target'));
  r = convertTo(
    catalog,
    kind,
    r,
    S,
    to,
    strategy,
    ctx,
    'read',
    recorder(ctx, 'read', to.name, 'convert', 'target'),
    opts.hooks,
    opts.rules,
  );
  if (to !== S)
    r = coerceResource(r, versionSchema(to), true, (step) => recorder(ctx, 'read', to.name, step, 'target')).doc;

  // changes sorted by pane then path; `copied` (many: one per kept leaf) follow in document order, unsorted
  const changes = ctx.fates.filter((f) => f.kind !== 'copied').sort(compareFates);
  const copies = ctx.fates.filter((f) => f.kind === 'copied');
  if (ctx.all) recordCopies(doc, r, copies, to.name);
  const fates = changes.concat(copies);
  const rejections: DeployedRejection[] = [
    ...errors.map((e) => ({
      on: 'write' as const,
      issue: issue('error', 'INVALID_METADATA', 'the API server rejects the write: metadata of the wrong type', e.path),
    })),
    ...ctx.restoreErrors.map((r) => ({ on: r.on, issue: restoreIssue(r) })),
  ];
  return {
    view: 'deployed',
    from: from.name,
    storage: S.name,
    to: to.name,
    conversion: strategy,
    stored,
    target: r,
    fates,
    issues: [...rejections.map((x) => x.issue), ...issuesOf(fates), ...ctx.ruleIssues],
    rejected: rejections.length > 0,
    rejections,
  };
}

/** `copied`: scalar leaves of the target equal to the input's at the same path (None and Webhook record theirs). */
function recordCopies(input: unknown, target: unknown, out: DeployedFate[], by: string): void {
  const seen = new Set<string>();
  for (const f of out) seen.add(JSON.stringify(f.path));
  const walk = (a: unknown, b: unknown, path: (string | number)[]): void => {
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < b.length && i < a.length; i++) {
        path.push(i);
        walk(a[i], b[i], path);
        path.pop();
      }
    } else if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
      const ao = a as Record<string, unknown>;
      const bo = b as Record<string, unknown>;
      for (const k of Object.keys(bo)) {
        if (!Object.hasOwn(ao, k)) continue;
        path.push(k);
        walk(ao[k], bo[k], path);
        path.pop();
      }
    } else if (a === b && path.length > 0 && (path[0] !== 'apiVersion' || path.length > 1)) {
      if (seen.size === 0 || !seen.has(JSON.stringify(path)))
        out.push({
          kind: 'copied',
          on: 'read',
          by,
          step: 'convert',
          cause: 'webhook-same-path',
          pane: 'target',
          path: [...path],
        });
    }
  };
  walk(input, target, []);
}

const PANE_ORDER: Record<DeployedPane, number> = { resource: 0, stored: 1, target: 2 };

function comparePath(a: Path, b: Path): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

function compareFates(a: DeployedFate, b: DeployedFate): number {
  return PANE_ORDER[a.pane] - PANE_ORDER[b.pane] || comparePath(a.path, b.path);
}

function issuesOf(fates: readonly DeployedFate[]): Issue[] {
  const out: Issue[] = [];
  for (const f of fates) {
    // RULE_DROPPED and RULE_FAILED (the rules' own issues) say what became of these, at the rule.
    if (f.cause === 'rule-dropped' || f.cause === 'rule-failed') continue;
    const problem = DEPLOYED_FATE_KINDS[f.kind].problem;
    if (problem) out.push(issue(problem.severity, problem.code, problemWords(f), f.path));
  }
  return out;
}

function problemWords(f: DeployedFate): string {
  if (f.kind === 'webhook-not-modelled') return `the conversion webhook decides what becomes of this at ${f.by}`;
  return `${DEPLOYED_FATE_KINDS[f.kind].words} by ${f.by}'s schema`;
}

const RESTORE_WORDS: Record<RestoreError['problem'], string> = {
  'metadata-missing': 'an object without metadata',
  'metadata-not-object': 'metadata that is not an object',
  'original-metadata-not-object': 'a conversion of an object whose metadata is not an object',
  'not-an-object': 'a value that is not an object',
  'value-not-string': 'a value that is not a string',
  'invalid-label-key': 'an invalid label key',
  'invalid-label-value': 'an invalid label value',
  'invalid-annotation-key': 'an invalid annotation key',
  'annotations-too-large': 'annotations larger than 256 KiB in all',
  'kind-changed': 'another kind',
  'name-changed': 'another name',
  'namespace-changed': 'another namespace',
  'uid-changed': 'another uid',
};

/** webhook_converter.go: "conversion webhook for ... returned invalid metadata": the request fails. */
function restoreIssue(r: Ctx['restoreErrors'][number]): Issue {
  const e = r.error;
  const why = e.reasons && e.reasons.length > 0 ? ` (${e.reasons.join('; ')})` : '';
  return issue(
    'error',
    'CONVERSION_INVALID_METADATA',
    `the API server fails the ${r.on}: the conversion ${r.from} -> ${r.to} returned ${RESTORE_WORDS[e.problem]}${why}`,
    e.path,
  );
}
