// Compile one hop of a Plan into programs: per type plan, a list of ops and value converters (closures), so
// the hot path is plain loops. Compiles exactly what the plan lists; it never plans anything itself.
import { issue } from '../../model/issue.ts';
import type { Catalog, Kind, TypeRef, Version } from '../../model/model.ts';
import type { HopPlan, TypePlan, TypeRole } from '../../plan/conversionTypes.ts';
import type { FateKind, FateRule } from '../../fates/fate.ts';
import { findVersion, propertiesByName, typeNamed } from '../../catalog/catalogLookup.ts';
import { stringifyJsonExact } from '../../model/numbers.ts';
import { deepClone, isRecord, setKey } from '../../model/jsonValue.ts';
import { freeForm, objectLeaf } from '../../model/typeRef.ts';
import { runObject } from './runObject.ts';
import type { Compiled, Conv, HopProgram, Op } from './program.ts';
import { enumLookup, toEnum, type EnumValue } from './toEnum.ts';

export type { Compiled, Conv, HopProgram, Op } from './program.ts';

const identity: Conv = (v) => (typeof v === 'object' && v !== null ? deepClone(v) : v);

/** Values into an enum, read as ASO's `genruntime.ToEnum` reads them (case-insensitively, canonical case out). */
function enumConv(values: readonly EnumValue[]): Conv {
  const exact = new Set<unknown>(values);
  const lower = enumLookup(values);
  return (v, st) => {
    if (exact.has(v)) return v;
    if (typeof v === 'string' && lower.has(v.toLowerCase())) return toEnum(v, lower);
    if (typeof v === 'object' && v !== null) return deepClone(v);
    st.issues.push(
      issue(
        'warning',
        'ENUM_UNKNOWN_VALUE',
        `${stringifyJsonExact(v)} is not one of ${values.map((x) => JSON.stringify(x)).join(', ')}: kept as is`,
        [...st.targetAt],
      ),
    );
    return v;
  };
}

const planKey = (sourceVersion: string, destinationVersion: string, src: string, dst: string, role: TypeRole) =>
  `${sourceVersion}\u0000${destinationVersion}\u0000${src}\u0000${dst}\u0000${role}`;

class HopCompiler {
  private readonly plans = new Map<string, TypePlan>();
  private readonly done = new Map<string, Compiled | null>();

  constructor(
    private readonly kind: Kind,
    private readonly hop: HopPlan,
  ) {
    for (const tp of [...hop.types, ...(hop.shapes ?? [])])
      this.plans.set(planKey(tp.sourceVersion, tp.destinationVersion, tp.sourceType, tp.destinationType, tp.role), tp);
  }

  compiled(srcV: string, dstV: string, src: string, dst: string, role: TypeRole): Compiled | undefined {
    const key = planKey(srcV, dstV, src, dst, role);
    const hit = this.done.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const plan = this.plans.get(key);
    const sv = findVersion(this.kind, srcV);
    const dv = findVersion(this.kind, dstV);
    const st = sv ? typeNamed(sv, src) : undefined;
    const dt = dv ? typeNamed(dv, dst) : undefined;
    if (!plan || !sv || !dv || !st || !dt) {
      this.done.set(key, null);
      return undefined;
    }
    const sProps = propertiesByName(st);
    const dProps = propertiesByName(dt);
    const c: Compiled = {
      plan,
      srcType: st,
      dstType: dt,
      ops: [],
      srcKnown: new Set(sProps.keys()),
      required: dv.role === 'api' ? [...dProps.values()].filter((p) => p.required).map((p) => p.name) : [],
      srcBag: plan.sourceHasBag,
      dstBag: plan.destinationHasBag,
      hookType: plan.direction === 'up' ? src : dst,
      srcExtras: st.additionalProperties !== undefined || st.preserveUnknownFields === true,
      dstExtras: dt.additionalProperties !== undefined || dt.preserveUnknownFields === true,
    };
    this.done.set(key, c); // before compiling ops: recursive types refer to the shell
    for (const step of plan.steps) {
      const sp = step.source !== undefined ? sProps.get(step.source) : undefined;
      const dp = step.destination !== undefined ? dProps.get(step.destination) : undefined;
      const op = this.op(c, sv, dv, role, step, sp, dp);
      if (op) c.ops.push(op);
    }
    return c;
  }

  private op(
    c: Compiled,
    sv: Version,
    dv: Version,
    role: TypeRole,
    step: TypePlan['steps'][number],
    sp: { name: string; type: TypeRef; bagKey: string } | undefined,
    dp: { name: string; type: TypeRef; bagKey: string } | undefined,
  ): Op | undefined {
    switch (step.rule) {
      case 'api-version':
        return dp ? { k: 'api-version', to: dp.name, ...(sp ? { from: sp.name } : {}) } : undefined;
      case 'kind':
        return sp && dp ? { k: 'kind', from: sp.name, to: dp.name } : undefined;
      case 'metadata':
        return sp && dp ? { k: 'metadata', from: sp.name, to: dp.name } : undefined;
      case 'original-version-set':
        return dp ? { k: 'original-version', to: dp.name } : undefined;
      case 'original-version-ignored':
        return sp ? { k: 'drop', from: sp.name, ignored: true, manual: false } : undefined;
      case undefined:
        break;
    }
    // Generated steps skip a manual field; without a hook the value is reported, not carried.
    if (step.handler === 'manual') return sp ? { k: 'drop', from: sp.name, ignored: false, manual: true } : undefined;
    if (step.change === 'type-changed' && sp && dp)
      return {
        k: 'swap',
        from: sp.name,
        to: dp.name,
        ...(c.srcBag ? { readKey: dp.bagKey } : {}),
        ...(c.dstBag ? { writeKey: sp.bagKey } : {}),
        fromType: sp.type,
        toType: dp.type,
      };
    if (step.handler === 'property-bag' && sp) {
      // Going down into a gap: the entry takes the shape at the start of the gap (converted here, at its edge).
      const gap = step.bagShape && this.gapType(step.bagShape.version, step.bagShape.holder, sp.name);
      const shape = gap ? this.conv(sv.name, gap.version, sp.type, gap.type, 'other') : undefined;
      return { k: 'bag-write', from: sp.name, key: sp.bagKey, type: sp.type, ...(shape ? { shape } : {}) };
    }
    if (step.handler === 'read-bag' && dp) {
      // Going up out of a gap: the entry has the shape at the start of the gap; convert it to ours.
      const gap = step.bagShape && this.gapType(step.bagShape.version, step.bagShape.holder, dp.name);
      // Into an API version's enum, a stored string reads in its canonical case, as ASO's generated code does.
      const shape = gap ? this.conv(gap.version, dv.name, gap.type, dp.type, 'other') : undefined;
      const enumCase =
        !shape && dv.role === 'api' && hasEnum(dp.type)
          ? this.conv(dv.name, dv.name, dp.type, dp.type, 'other')
          : undefined;
      return {
        k: 'bag-read',
        to: dp.name,
        key: dp.bagKey,
        type: dp.type,
        ...(shape ? { shape } : {}),
        ...(enumCase ? { enumCase } : {}),
      };
    }
    if (step.handler === 'drop' && sp) return { k: 'drop', from: sp.name, ignored: false, manual: false };
    if (!sp || !dp || step.handler === 'skip') return undefined;
    const childRole: TypeRole = role === 'root' && sp.name === sv.spec && dp.name === dv.spec ? 'spec' : 'other';
    const conv = this.conv(sv.name, dv.name, sp.type, dp.type, childRole);
    const leaf = objectLeaf(dp.type) === undefined || objectLeaf(sp.type) === undefined;
    const converted = step.handler === 'convert-nested' || (dp.type.kind === 'enum' && sp.type.kind !== 'enum');
    const [fate, rule]: [FateKind, FateRule] =
      step.handler === 'rename'
        ? ['renamed', 'rename']
        : step.handler === 'opaque'
          ? ['opaque', 'free-form']
          : converted
            ? ['converted', 'convert']
            : ['copied', 'copy'];
    const part =
      role === 'root' ? (dp.name === dv.spec ? 'spec' : dp.name === dv.status ? 'status' : undefined) : undefined;
    return { k: 'copy', from: sp.name, to: dp.name, conv, fate, rule, leaf, ...(part ? { part } : {}) };
  }

  private gapType(version: string, holder: string, prop: string): { version: string; type: TypeRef } | undefined {
    const v = findVersion(this.kind, version);
    const t = v ? typeNamed(v, holder) : undefined;
    const p = t && propertiesByName(t).get(prop);
    return p ? { version, type: p.type } : undefined;
  }

  /** A converter from values of type `s` (in version `srcV`) to type `d` (in `dstV`). */
  conv(srcV: string, dstV: string, s: TypeRef, d: TypeRef, role: TypeRole): Conv {
    if (freeForm(d) || freeForm(s)) return identity;
    if (d.kind === 'enum') return enumConv(d.values);
    if (d.kind === 'primitive') return identity;
    if (d.kind === 'object' && s.kind === 'object') {
      let nested: Compiled | null | undefined;
      return (v, st) => {
        if (!isRecord(v)) return identity(v, st);
        if (nested === undefined) nested = this.compiled(srcV, dstV, s.name, d.name, role) ?? null;
        return nested ? runObject(nested, v, st) : deepClone(v);
      };
    }
    if (d.kind === 'array' && s.kind === 'array') {
      const el = this.conv(srcV, dstV, s.items, d.items, 'other');
      if (el === identity) return (v) => (Array.isArray(v) ? v.map(identityValue) : deepClone(v));
      return (v, st) => {
        if (!Array.isArray(v)) return deepClone(v);
        const out = new Array(v.length);
        for (let i = 0; i < v.length; i++) {
          st.sourceAt.push(i);
          st.targetAt.push(i);
          out[i] = el(v[i], st);
          st.sourceAt.pop();
          st.targetAt.pop();
        }
        return out;
      };
    }
    if (d.kind === 'map' && s.kind === 'map') {
      const el = this.conv(srcV, dstV, s.values, d.values, 'other');
      return (v, st) => {
        if (!isRecord(v)) return deepClone(v);
        const out: Record<string, unknown> = {};
        for (const k in v) {
          st.sourceAt.push(k);
          st.targetAt.push(k);
          setKey(out, k, el(v[k], st));
          st.sourceAt.pop();
          st.targetAt.pop();
        }
        return out;
      };
    }
    return identity;
  }
}

/** An enum, or an array or map of them (objects are converted by their own plans). */
const hasEnum = (t: TypeRef): boolean =>
  t.kind === 'enum' || (t.kind === 'array' && hasEnum(t.items)) || (t.kind === 'map' && hasEnum(t.values));

const identityValue = (v: unknown): unknown => (typeof v === 'object' && v !== null ? deepClone(v) : v);

const programs = new WeakMap<Catalog, WeakMap<HopPlan, HopProgram>>();

/** The program of one hop of a plan (cached per catalog and hop plan: compiled once, run many times). */
export function compileHop(catalog: Catalog, kind: Kind, hop: HopPlan): HopProgram {
  let byHop = programs.get(catalog);
  if (!byHop) programs.set(catalog, (byHop = new WeakMap()));
  const hit = byHop.get(hop);
  if (hit) return hit;
  const root = hop.types[0];
  const compiler = new HopCompiler(kind, hop);
  const program: HopProgram = {
    root: root
      ? compiler.compiled(root.sourceVersion, root.destinationVersion, root.sourceType, root.destinationType, root.role)
      : undefined,
  };
  byHop.set(hop, program);
  return program;
}
