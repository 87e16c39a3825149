// What changed between two versions of a kind, with a compatibility verdict by seed 002's rules: adding a
// required field, removing or renaming a field, changing a type, making an optional field required, narrowing
// enum values and tightening validation are breaking; adding an optional field (or loosening) is compatible.
import type { Issue, Path } from '../model/issue.ts';
import type { Catalog, KindVersionPair, ObjectType, Property, Validation, Version } from '../model/model.ts';
import type { Step, TypePlan } from '../plan/conversionTypes.ts';
import { propertiesByName, typeNamed, type KindRef } from '../catalog/catalogLookup.ts';
import { planTypePair, resolveKind, resolveVersion, type TypeRole } from '../plan/planConversion.ts';

export type PropertyChangeKind =
  | 'added-optional'
  | 'added-required'
  | 'removed'
  | 'renamed'
  | 'type-changed'
  | 'became-required'
  | 'became-optional'
  | 'enum-narrowed'
  | 'enum-widened'
  | 'validation-tightened'
  | 'validation-loosened';

export interface PropertyChange {
  /** JSON path from the document root; `*` stands for any array item or map value. */
  readonly path: Path;
  readonly sourceType?: string;
  readonly destinationType?: string;
  /** JSON name in the older (`from`) version, and in `to` when renamed. */
  readonly property: string;
  readonly renamedTo?: string;
  readonly change: PropertyChangeKind;
  readonly breaking: boolean;
  readonly detail: string;
}

export interface TypeChange {
  readonly sourceType: string;
  readonly destinationType: string;
  /** ASO's changes report statuses: Identical, Extended (only compatible additions), Modified. */
  readonly status: 'identical' | 'extended' | 'modified';
  readonly breaking: boolean;
}

export interface VersionChanges extends KindVersionPair {
  readonly compatible: boolean;
  readonly types: readonly TypeChange[];
  readonly changes: readonly PropertyChange[];
}

const BREAKING: Record<PropertyChangeKind, boolean> = {
  'added-optional': false,
  'added-required': true,
  removed: true,
  renamed: true,
  'type-changed': true,
  'became-required': true,
  'became-optional': false,
  'enum-narrowed': true,
  'enum-widened': false,
  'validation-tightened': true,
  'validation-loosened': false,
};

function enumValues(p: Property): readonly unknown[] | undefined {
  const t = p.type;
  return t.kind === 'enum' ? t.values : undefined;
}

/** Tightened / loosened validation facts between two properties. */
function validationDelta(
  a: Validation | undefined,
  b: Validation | undefined,
): { tightened: string[]; loosened: string[] } {
  const tightened: string[] = [];
  const loosened: string[] = [];
  const x = a ?? {};
  const y = b ?? {};
  const lower = ['minimum', 'minLength', 'minItems', 'minProperties'] as const;
  const upper = ['maximum', 'maxLength', 'maxItems', 'maxProperties'] as const;
  for (const k of lower) {
    const p = x[k];
    const q = y[k];
    if (p === q) continue;
    if (q !== undefined && (p === undefined || q > p)) tightened.push(`${k} ${p ?? 'none'} -> ${q}`);
    else loosened.push(`${k} ${p} -> ${q ?? 'none'}`);
  }
  for (const k of upper) {
    const p = x[k];
    const q = y[k];
    if (p === q) continue;
    if (q !== undefined && (p === undefined || q < p)) tightened.push(`${k} ${p ?? 'none'} -> ${q}`);
    else loosened.push(`${k} ${p} -> ${q ?? 'none'}`);
  }
  for (const k of ['pattern', 'format'] as const) {
    if (x[k] === y[k]) continue;
    if (y[k] !== undefined) tightened.push(`${k} ${x[k] ?? 'none'} -> ${y[k]}`);
    else loosened.push(`${k} ${x[k]} removed`);
  }
  return { tightened, loosened };
}

type Push = (property: string, change: PropertyChangeKind, detail: string, extra?: Partial<PropertyChange>) => void;

/** An enum made, dropped, narrowed or widened (not when the type changed: that change says it). */
function enumChange(sp: Property, dp: Property, step: Step): [PropertyChangeKind, string] | undefined {
  const ev = enumValues(sp);
  const dv = enumValues(dp);
  if (dv && !ev && step.change !== 'type-changed') return ['enum-narrowed', `now limited to ${dv.join(', ')}`];
  if (ev && !dv && step.change !== 'type-changed') return ['enum-widened', 'no longer an enum'];
  if (ev && dv) {
    const removed = ev.filter((x) => !dv.includes(x));
    const added = dv.filter((x) => !ev.includes(x));
    if (removed.length > 0) return ['enum-narrowed', `values removed: ${removed.join(', ')}`];
    if (added.length > 0) return ['enum-widened', `values added: ${added.join(', ')}`];
  }
  return undefined;
}

/** The changes to a property both versions have: name, type, optionality, enum values, validation (in that order). */
function compareProperty(step: Step, sp: Property, dp: Property, push: Push): void {
  if (step.change === 'renamed') push(sp.name, 'renamed', `renamed to ${dp.name}`, { renamedTo: dp.name });
  if (step.change === 'type-changed') push(sp.name, 'type-changed', `${step.sourceType} -> ${step.destinationType}`);
  if (sp.required !== dp.required)
    push(
      sp.name,
      dp.required ? 'became-required' : 'became-optional',
      dp.required ? 'optional -> required' : 'required -> optional',
    );
  const e = enumChange(sp, dp, step);
  if (e) push(sp.name, e[0], e[1]);
  const vd = validationDelta(sp.validation, dp.validation);
  if (vd.tightened.length > 0) push(sp.name, 'validation-tightened', vd.tightened.join('; '));
  else if (vd.loosened.length > 0) push(sp.name, 'validation-loosened', vd.loosened.join('; '));
}

/** The path segments an array's or map's values add below a property (`*` each), down to the object inside. */
const wildcardSegments = (r: Property['type']): Path =>
  r.kind === 'array' || r.kind === 'map' ? ['*', ...wildcardSegments(r.kind === 'array' ? r.items : r.values)] : [];

/** A type pair to compare, reached at `path`. */
interface Visit {
  readonly src: string;
  readonly dst: string;
  readonly role: TypeRole;
  readonly path: Path;
}

const NO_TYPE: ObjectType = { name: '', named: false, properties: [], hasPropertyBag: false };

/** One type pair's property changes, by its plan's steps, and the nested type pairs to compare next. */
function compareTypePair(
  a: Version,
  b: Version,
  tp: TypePlan,
  at: Visit,
): { changes: PropertyChange[]; next: Visit[] } {
  const sProps = propertiesByName(typeNamed(a, at.src) ?? NO_TYPE);
  const dProps = propertiesByName(typeNamed(b, at.dst) ?? NO_TYPE);
  const changes: PropertyChange[] = [];
  const next: Visit[] = [];
  const push: Push = (property, change, detail, extra = {}) => {
    changes.push({
      path: [...at.path, property],
      sourceType: at.src,
      destinationType: at.dst,
      property,
      change,
      breaking: BREAKING[change],
      detail,
      ...extra,
    });
  };
  for (const s of tp.steps) {
    // originalVersion and the bag are storage machinery, not API changes
    if ((s.source ?? s.destination) === 'originalVersion' && (a.role === 'storage' || b.role === 'storage')) continue;
    const sp = s.source !== undefined ? sProps.get(s.source) : undefined;
    const dp = s.destination !== undefined ? dProps.get(s.destination) : undefined;
    if (!sp && dp) {
      push(
        dp.name,
        dp.required ? 'added-required' : 'added-optional',
        dp.required ? 'new required field: old documents become invalid' : 'new optional field',
      );
      continue;
    }
    if (sp && !dp) {
      push(sp.name, 'removed', 'field removed');
      continue;
    }
    if (!sp || !dp) continue;
    compareProperty(s, sp, dp, push);
    if (s.nested && s.change !== 'type-changed') {
      next.push({
        src: s.nested.sourceType,
        dst: s.nested.destinationType,
        role: at.role === 'root' && sp.name === a.spec ? 'spec' : 'other',
        path: [...at.path, dp.name, ...wildcardSegments(dp.type)],
      });
    }
  }
  return { changes, next };
}

/** A type pair's status by its property changes: identical, extended (compatible additions only) or modified. */
function typeChange(at: Visit, mine: readonly PropertyChange[]): TypeChange {
  const breaking = mine.some((c) => c.breaking);
  return {
    sourceType: at.src,
    destinationType: at.dst,
    status: mine.length === 0 ? 'identical' : breaking ? 'modified' : 'extended',
    breaking,
  };
}

/** Changes from `from` to `to` (compared directly, not through the hub). */
export function versionChanges(
  catalog: Catalog,
  kindRef: KindRef,
  from: string,
  to: string,
): { changes?: VersionChanges; issues: readonly Issue[] } {
  const found = resolveKind(catalog, kindRef);
  const kind = found.kind;
  if (!kind) return { issues: found.issue ? [found.issue] : [] };
  const f = resolveVersion(kind, from);
  const t = resolveVersion(kind, to);
  if (!f.version || !t.version) return { issues: [f.issue, t.issue].filter((x): x is Issue => x !== undefined) };
  const a: Version = f.version;
  const b: Version = t.version;
  const changes: PropertyChange[] = [];
  const types: TypeChange[] = [];
  const seen = new Set<string>();
  const queue: Visit[] = [{ src: a.root, dst: b.root, role: 'root', path: [] }];
  while (queue.length > 0) {
    const at = queue.shift() as Visit;
    const key = `${at.src}\u0000${at.dst}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const tp: TypePlan | undefined = planTypePair(catalog, kind, a, b, 'up', at.src, at.dst, at.role);
    if (!tp) continue;
    const pair = compareTypePair(a, b, tp, at);
    changes.push(...pair.changes);
    queue.push(...pair.next);
    types.push(typeChange(at, pair.changes));
  }
  const [root, ...rest] = types;
  rest.sort((x, y) => (x.sourceType < y.sourceType ? -1 : x.sourceType > y.sourceType ? 1 : 0));
  return {
    changes: {
      group: kind.group,
      kind: kind.kind,
      from: a.name,
      to: b.name,
      compatible: !changes.some((c) => c.breaking),
      types: root ? [root, ...rest] : [],
      changes,
    },
    issues: [],
  };
}
