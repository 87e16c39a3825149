// The CRD's CEL rules (x-kubernetes-validations) at one schema node, as apiextensions-apiserver's schema/cel
// validator runs them: `self` is the value, `oldSelf` the correlated old value (transition rules run only where
// there is one), `message`/`messageExpression` give the error text, `fieldPath` moves the error, `reason` is kept.
// Programs are compiled once per schema node (a WeakMap on the catalog's schema objects: once per catalog).
import type { Path } from '../model/issue.ts';
import type { StructuralSchema } from '../model/model.ts';
import {
  RUNTIME_COST_BUDGET,
  RUNTIME_PER_CALL_LIMIT,
  compileCel,
  dataSizeOf,
  evaluateCel,
  optionalNone,
  optionalOf,
  runtimeCost,
  schemaDeclType,
  toCelValue,
  type CelProgram,
  type CelViews,
  type Decl,
  type SizeCache,
} from '../cel/index.ts';
import type { IssueCode } from '../model/issue.ts';

/** What the rules report to: the validator's walk (validateValue.ts) implements it. */
export interface Walker {
  add(
    code: IssueCode,
    message: string,
    path: Path,
    rule?: string,
    severity?: 'error' | 'info' | 'warning',
    extra?: { reason?: string; transition?: boolean },
  ): void;
}

interface Rule {
  readonly rule: string;
  readonly program?: CelProgram;
  readonly compileError?: string;
  readonly message?: string;
  readonly messageExpression?: CelProgram;
  readonly reason?: string;
  readonly fieldPath?: Path;
  readonly transition: boolean;
  /** optionalOldSelf: the rule also runs without an old value, oldSelf being an optional. */
  readonly optionalOld: boolean;
}

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** `.spec.ports['a.b'][0]` -> ['spec', 'ports', 'a.b', 0]; undefined when not a field path. */
export function parseFieldPath(fp: string): Path | undefined {
  const out: (string | number)[] = [];
  let i = 0;
  while (i < fp.length) {
    if (fp[i] === '.') {
      const m = /^[A-Za-z_$][\w$-]*/.exec(fp.slice(i + 1));
      if (!m) return undefined;
      out.push(m[0]);
      i += 1 + m[0].length;
    } else if (fp.startsWith("['", i)) {
      const end = fp.indexOf("']", i + 2);
      if (end < 0) return undefined;
      out.push(fp.slice(i + 2, end));
      i = end + 2;
    } else if (fp[i] === '[') {
      const m = /^\[(\d+)\]/.exec(fp.slice(i));
      if (!m) return undefined;
      out.push(Number(m[1]));
      i += m[0].length;
    } else return undefined;
  }
  return out;
}

const compiled = new WeakMap<object, readonly Rule[]>();

function rulesOf(s: StructuralSchema): readonly Rule[] {
  const hit = compiled.get(s);
  if (hit) return hit;
  const raw = Array.isArray(s['x-kubernetes-validations']) ? (s['x-kubernetes-validations'] as unknown[]) : [];
  const rules: Rule[] = [];
  for (const r of raw) {
    if (!isObj(r) || typeof r.rule !== 'string') continue;
    const c = compileCel(r.rule);
    const me = typeof r.messageExpression === 'string' ? compileCel(r.messageExpression) : undefined;
    const fieldPath = typeof r.fieldPath === 'string' ? parseFieldPath(r.fieldPath) : undefined;
    rules.push({
      rule: r.rule,
      ...(c.ok ? { program: c.program } : { compileError: c.error }),
      ...(typeof r.message === 'string' && r.message.trim() !== '' ? { message: r.message.trim() } : {}),
      ...(me?.ok ? { messageExpression: me.program } : {}),
      ...(typeof r.reason === 'string' ? { reason: r.reason } : {}),
      ...(fieldPath ? { fieldPath } : {}),
      transition: c.ok && c.program.variables.has('oldSelf'),
      optionalOld: r.optionalOldSelf === true,
    });
  }
  compiled.set(s, rules);
  return rules;
}

/** The root's metadata as CEL sees it: only name and generateName. */
function rootView(v: unknown): unknown {
  if (!isObj(v) || !isObj(v.metadata)) return v;
  const m = v.metadata;
  const meta: Record<string, unknown> = {};
  for (const k of ['name', 'generateName']) if (Object.hasOwn(m, k)) meta[k] = m[k];
  return { ...v, metadata: meta };
}

/** The API server's runtime cost limits (celconfig): per evaluation, and for all evaluations of one object. */
export interface CelCostLimits {
  readonly perCall?: number;
  readonly budget?: number;
}

const OUT_OF_BUDGET = 'validation failed due to running out of cost budget, no further validation rules will be run';
const declOf = new WeakMap<object, Decl | null>();
const rootDeclOf = new WeakMap<object, Decl | null>();
/** The declared type of a node (cached: the same schema object keeps one Decl, so type checks are reused). */
const declFor = (s: StructuralSchema, resourceRoot: boolean): Decl | undefined => {
  const cache = resourceRoot ? rootDeclOf : declOf;
  let d = cache.get(s);
  if (d === undefined) cache.set(s, (d = schemaDeclType(s, resourceRoot) ?? null));
  return d ?? undefined;
};

/** A rule's declared variables at a node (one map per node type and rule shape: its type check is found by it). */
const varsOf = new WeakMap<Decl, Map<number, ReadonlyMap<string, Decl>>>();
function varsFor(decl: Decl, r: Rule): ReadonlyMap<string, Decl> {
  const shape = (r.transition ? 1 : 0) + (r.transition && r.optionalOld ? 2 : 0);
  let byShape = varsOf.get(decl);
  if (!byShape) varsOf.set(decl, (byShape = new Map()));
  let vars = byShape.get(shape);
  if (!vars) {
    const m = new Map<string, Decl>([['self', decl]]);
    if (r.transition) m.set('oldSelf', r.optionalOld ? { k: 'opaque', name: 'optional_type', param: decl } : decl);
    byShape.set(shape, (vars = m));
  }
  return vars;
}

/** A resource root's schema as CEL types it (an embedded resource): one per schema node, not one per object. */
const embeddedOf = new WeakMap<StructuralSchema, StructuralSchema>();
function embeddedSchema(s: StructuralSchema): StructuralSchema {
  let e = embeddedOf.get(s);
  if (!e) embeddedOf.set(s, (e = { ...s, 'x-kubernetes-embedded-resource': true }));
  return e;
}

export class RuleContext {
  // One CEL view per JSON node (the schema at a node is fixed within one walk).
  private readonly views: CelViews = new WeakMap();
  private readonly sizes = new WeakMap<object, number>();
  private readonly sized: SizeCache = new WeakMap();
  /** What is left of the object's runtime cost budget; below 0 once it ran out (no further rule runs). */
  private remaining: number;
  private readonly perCall: number;
  constructor(
    private readonly hasOld: boolean,
    private readonly enabled = true,
    limits: CelCostLimits = {},
  ) {
    this.remaining = limits.budget ?? RUNTIME_COST_BUDGET;
    this.perCall = limits.perCall ?? RUNTIME_PER_CALL_LIMIT;
  }

  /** A context that runs no rule (for anyOf/oneOf/not branches, which only test values). */
  noRules(): RuleContext {
    return new RuleContext(this.hasOld, false);
  }

  /**
   * Charges one evaluation to the object's budget as validation.go does: over the per-call limit or the budget
   * left, the error (at the rule's node) and no further rule; undefined when it may run.
   */
  private charge(cost: number, what: () => string): string | undefined {
    if (cost > this.perCall) {
      this.remaining = -1;
      return `'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for ${what()}`;
    }
    if (cost > this.remaining) {
      this.remaining = -1;
      return OUT_OF_BUDGET;
    }
    this.remaining -= cost;
    return undefined;
  }

  private costOf(p: CelProgram, decl: Decl | undefined, r: Rule, values: Readonly<Record<string, unknown>>): number {
    if (!decl) return 0;
    return runtimeCost(p, varsFor(decl, r), values, this.sized) ?? 0;
  }

  private view(v: unknown, s: StructuralSchema, root: boolean): unknown {
    // A resource root (the object, or an embedded resource) shows apiVersion, kind and metadata.name/generateName.
    if (root) return toCelValue(rootView(v), embeddedSchema(s), this.views);
    return toCelValue(v, s, this.views);
  }

  /** Run the rules of `s` at a node whose own schema (for typing self) is `node` (differs for allOf branches). */
  rules(
    w: Walker,
    v: unknown,
    s: StructuralSchema,
    path: Path,
    old: unknown,
    root: boolean,
    node: StructuralSchema = s,
  ): void {
    if (!this.enabled || this.remaining < 0) return;
    const rules = rulesOf(s);
    if (rules.length === 0) return;
    if (this.remaining === 0) {
      this.remaining = -1;
      w.add('CEL_COST_EXCEEDED', OUT_OF_BUDGET, path, undefined, 'error');
      return;
    }
    const resourceRoot = root || node['x-kubernetes-embedded-resource'] === true;
    const decl = declFor(node, resourceRoot);
    const raw = resourceRoot ? rootView(v) : v;
    let self: unknown;
    // what a rule without oldSelf is run and costed with: one per node, not one per rule
    let selfOnly: Record<string, unknown> | undefined;
    let rawOnly: Readonly<Record<string, unknown>> | undefined;
    for (const r of rules) {
      if (!r.program) {
        w.add(
          'CEL_RULE_INVALID',
          `rule not checked: it does not compile: ${r.compileError ?? ''}`,
          path,
          r.rule,
          'warning',
        );
        continue;
      }
      if (r.transition && old === undefined && !r.optionalOld) {
        // Creation (no old object) or a value with no old counterpart: the API server skips the rule.
        if (!this.hasOld)
          w.add('CEL_CHECKED_ON_UPDATE', 'transition rule (oldSelf): checked on update', path, r.rule, 'info');
        continue;
      }
      self ??= this.view(v, node, resourceRoot);
      const bindings: Record<string, unknown> = r.transition ? { self } : (selfOnly ??= { self });
      if (r.transition) {
        const oldSelf =
          old === undefined
            ? undefined
            : resourceRoot
              ? toCelValue(rootView(old), embeddedSchema(node))
              : toCelValue(old, node);
        bindings.oldSelf = r.optionalOld ? (oldSelf === undefined ? optionalNone() : optionalOf(oldSelf)) : oldSelf;
      }
      const oldRaw = r.transition && resourceRoot ? rootView(old) : old;
      const values = oldRaw !== undefined ? { self: raw, oldSelf: oldRaw } : (rawOnly ??= { self: raw });
      const over = this.charge(this.costOf(r.program, decl, r, values), () => `rule: ${r.message ?? r.rule}`);
      if (over !== undefined)
        return w.add('CEL_COST_EXCEEDED', over, path, r.rule, 'error', { transition: r.transition });
      // The evaluator's own bound is over what the rule can reach: its own value (and old value), not the document.
      const dataSize = Math.max(this.sizeOf(v), r.transition ? this.sizeOf(old) : 0);
      const out = evaluateCel(r.program, bindings, { dataSize });
      if (out.kind === 'value' && out.value === true) continue;
      const at = r.fieldPath ? [...path, ...r.fieldPath] : path;
      const extra = { transition: r.transition };
      if (out.kind === 'cost')
        w.add(
          'CEL_COST_EXCEEDED',
          `rule not run: estimated cost ${out.estimated} exceeds the limit ${out.limit}`,
          path,
          r.rule,
          'error',
          extra,
        );
      else if (out.kind === 'error')
        w.add('CEL_RULE_ERROR', `${out.message} evaluating rule: ${r.message ?? r.rule}`, path, r.rule, 'error', extra);
      else
        w.add(
          'CEL_RULE',
          this.message(r, bindings, dataSize, (m) =>
            this.costOf(m, decl, r, old !== undefined ? { self: raw, oldSelf: old } : { self: raw }),
          ),
          at,
          r.rule,
          'error',
          {
            ...extra,
            reason: r.reason ?? 'FieldValueInvalid',
          },
        );
    }
  }

  /** The largest list, map or string under a value (cached per object: nested rules share subtrees). */
  private sizeOf(v: unknown): number {
    if (v === null || typeof v !== 'object') return typeof v === 'string' ? v.length : 0;
    let n = this.sizes.get(v);
    if (n === undefined) {
      n = dataSizeOf(v);
      this.sizes.set(v, n);
    }
    return n;
  }

  private message(
    r: Rule,
    bindings: Record<string, unknown>,
    dataSize: number,
    cost: (p: CelProgram) => number,
  ): string {
    if (r.messageExpression) {
      const over = this.charge(
        cost(r.messageExpression),
        () => `messageExpression: ${JSON.stringify(r.messageExpression?.source)}`,
      );
      if (over !== undefined)
        return over === OUT_OF_BUDGET
          ? `messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run`
          : over.replace(/^'[^']*': /, '');
      const m = evaluateCel(r.messageExpression, bindings, { dataSize });
      // upstream: trimmed, non-empty, one line; otherwise the message (or the default) is used
      const text = m.kind === 'value' && typeof m.value === 'string' ? m.value.trim() : '';
      if (text !== '' && !text.includes('\n')) return text;
    }
    return r.message ?? `failed rule: ${r.rule}`;
  }
}
