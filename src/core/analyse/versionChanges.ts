// What changed between two versions of a kind, with a compatibility verdict by seed 002's rules: adding a
// required field, removing or renaming a field, changing a type, making an optional field required, narrowing
// enum values and tightening validation are breaking; adding an optional field (or loosening) is compatible.
import type { Issue, Path } from '../model/issue.ts';
import type { Catalog, KindVersionPair, Property, Validation, Version } from '../model/model.ts';
import type { TypePlan } from '../plan/conversionTypes.ts';
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
  const queue: { src: string; dst: string; role: TypeRole; path: Path }[] = [
    { src: a.root, dst: b.root, role: 'root', path: [] },
  ];
  while (queue.length > 0) {
    const at = queue.shift() as (typeof queue)[number];
    const key = `${at.src}\u0000${at.dst}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const tp: TypePlan | undefined = planTypePair(catalog, kind, a, b, 'up', at.src, at.dst, at.role);
    if (!tp) continue;
    const sProps = propertiesByName(
      typeNamed(a, at.src) ?? { name: '', named: false, properties: [], hasPropertyBag: false },
    );
    const dProps = propertiesByName(
      typeNamed(b, at.dst) ?? { name: '', named: false, properties: [], hasPropertyBag: false },
    );
    const before = changes.length;
    const push = (
      property: string,
      change: PropertyChangeKind,
      detail: string,
      extra: Partial<PropertyChange> = {},
    ): void => {
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
      if (s.change === 'renamed') push(sp.name, 'renamed', `renamed to ${dp.name}`, { renamedTo: dp.name });
      if (s.change === 'type-changed') push(sp.name, 'type-changed', `${s.sourceType} -> ${s.destinationType}`);
      if (sp.required !== dp.required)
        push(
          sp.name,
          dp.required ? 'became-required' : 'became-optional',
          dp.required ? 'optional -> required' : 'required -> optional',
        );
      const ev = enumValues(sp);
      const dv = enumValues(dp);
      if (dv && !ev && s.change !== 'type-changed') push(sp.name, 'enum-narrowed', `now limited to ${dv.join(', ')}`);
      else if (ev && !dv && s.change !== 'type-changed') push(sp.name, 'enum-widened', 'no longer an enum');
      else if (ev && dv) {
        const removed = ev.filter((x) => !dv.includes(x));
        const added = dv.filter((x) => !ev.includes(x));
        if (removed.length > 0) push(sp.name, 'enum-narrowed', `values removed: ${removed.join(', ')}`);
        else if (added.length > 0) push(sp.name, 'enum-widened', `values added: ${added.join(', ')}`);
      }
      const vd = validationDelta(sp.validation, dp.validation);
      if (vd.tightened.length > 0) push(sp.name, 'validation-tightened', vd.tightened.join('; '));
      else if (vd.loosened.length > 0) push(sp.name, 'validation-loosened', vd.loosened.join('; '));
      if (s.nested && s.change !== 'type-changed') {
        const seg = (r: Property['type']): Path =>
          r.kind === 'array' || r.kind === 'map' ? ['*', ...seg(r.kind === 'array' ? r.items : r.values)] : [];
        queue.push({
          src: s.nested.sourceType,
          dst: s.nested.destinationType,
          role: at.role === 'root' && sp.name === a.spec ? 'spec' : 'other',
          path: [...at.path, dp.name, ...seg(dp.type)],
        });
      }
    }
    const mine = changes.slice(before);
    const breaking = mine.some((c) => c.breaking);
    types.push({
      sourceType: at.src,
      destinationType: at.dst,
      status: mine.length === 0 ? 'identical' : breaking ? 'modified' : 'extended',
      breaking,
    });
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
