// CEL for Version Explorer: the one module that imports the CEL library (@bufbuild/cel, chosen in docs/cel.md).
// Compile once (`compileCel`), evaluate many times with a cost bound (`evaluateCel`); the Kubernetes extension
// functions (strings, lists, regex with RE2, ip, format) are always registered. CRD validation rules and the
// conversion rules both use this API. The library never evaluates JavaScript (no eval, no Function): a rule can
// only compute, and the cost bound keeps it from computing for long.
import { celEnv, isCelError, isCelList, isCelMap, isCelUint, plan, type CelEnv } from '@bufbuild/cel';
import type { ParsedExpr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { kubernetesFunctions, re2Engine } from './k8sLibrary.ts';
import { PER_CALL_LIMIT, dataSizeOf, estimateCost } from './cost.ts';
import { opaqueOf, opaqueRegistry } from './opaque.ts';
import { parseK8s } from './syntax.ts';
import { checkAst } from './checker.ts';
import type { Decl } from './declType.ts';
import { estimateCost as estimateStaticCost } from './estimate.ts';

export { toCelValue, escapeCelName, type CelViews } from './values.ts';
export { optionalNone, optionalOf } from './libOptional.ts';
export { kubernetesFunctionNames } from './k8sLibrary.ts';
export { isIP, isCIDR } from './netAddr.ts';
export { PER_CALL_LIMIT, dataSizeOf } from './cost.ts';
export { RUNTIME_COST_BUDGET, RUNTIME_PER_CALL_LIMIT, runtimeCost, sizedDecl, type SizeCache } from './runtimeCost.ts';
export { schemaDeclType, typeName, MAX_REQUEST_SIZE, type Decl, type CelT } from './declType.ts';

export interface CelProgram {
  readonly source: string;
  /** Variable names the expression reads (e.g. whether a rule uses `oldSelf`). */
  readonly variables: ReadonlySet<string>;
  readonly ast: ParsedExpr;
  readonly run: (bindings: Record<string, unknown>) => unknown;
}

export type CelCompiled =
  { readonly ok: true; readonly program: CelProgram } | { readonly ok: false; readonly error: string };

export type CelOutcome =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'cost'; readonly estimated: number; readonly limit: number };

let env: CelEnv | undefined;
const getEnv = (): CelEnv =>
  (env ??= celEnv({ funcs: [...kubernetesFunctions()], re2: re2Engine, registry: opaqueRegistry() }));

/** Longest expression we parse (Kubernetes caps a rule's cost, not its length; this only bounds the parser). */
export const MAX_EXPRESSION_LENGTH = 100_000;

function identsOf(ast: ParsedExpr): Set<string> {
  const out = new Set<string>();
  const visit = (x: unknown): void => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x) visit(y);
      return;
    }
    const o = x as { case?: unknown; value?: unknown };
    if (o.case === 'identExpr') out.add((o.value as { name: string }).name);
    for (const v of Object.values(x)) visit(v);
  };
  visit(ast.expr);
  return out;
}

// Programs are immutable and the environment is one: the same rule text (repeated across versions, kinds and
// bundles of a catalog) compiles once.
const programs = new Map<string, CelCompiled>();
const PROGRAM_CACHE_LIMIT = 5000;

/** Parse and plan an expression once (cached by its text); a syntax error or unknown function is a value. */
export function compileCel(source: string): CelCompiled {
  const hit = programs.get(source);
  if (hit) return hit;
  const c = compileUncached(source);
  if (programs.size >= PROGRAM_CACHE_LIMIT) programs.clear();
  programs.set(source, c);
  return c;
}

function compileUncached(source: string): CelCompiled {
  if (source.length > MAX_EXPRESSION_LENGTH)
    return { ok: false, error: `expression longer than ${MAX_EXPRESSION_LENGTH} characters` };
  try {
    const ast = parseK8s(source);
    const run = plan(getEnv(), ast) as (b: Record<string, unknown>) => unknown;
    return { ok: true, program: { source, ast, variables: identsOf(ast), run } };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

export interface EvaluateOptions {
  /** Largest list, map or string the bindings hold (`dataSizeOf`); computed from the bindings when absent. */
  readonly dataSize?: number;
  readonly costLimit?: number;
}

/** Estimated costs by program and data size: a whole cluster's objects run the same rules on similar data. */
const costs = new WeakMap<CelProgram, Map<number, number>>();
function costOf(p: CelProgram, dataSize: number): number {
  let m = costs.get(p);
  if (!m) costs.set(p, (m = new Map()));
  let c = m.get(dataSize);
  if (c === undefined) {
    c = estimateCost(p.ast.expr, dataSize);
    if (m.size < 256) m.set(dataSize, c);
  }
  return c;
}

/** Evaluate with a cost bound: an expression whose estimated cost exceeds the limit is not run. */
export function evaluateCel(p: CelProgram, bindings: Record<string, unknown>, opts: EvaluateOptions = {}): CelOutcome {
  const limit = opts.costLimit ?? PER_CALL_LIMIT;
  const estimated = costOf(p, opts.dataSize ?? dataSizeOf(bindings));
  if (estimated > limit) return { kind: 'cost', estimated, limit };
  try {
    const v = p.run(bindings);
    if (isCelError(v)) return { kind: 'error', message: v.message };
    return { kind: 'value', value: v };
  } catch (e) {
    return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}

/** A CEL result as JSON (ints as numbers when safe, else strings; lists as arrays; maps as null-prototype objects). */
export function celToJson(v: unknown): unknown {
  const o = opaqueOf(v);
  if (o) {
    if (o.name !== 'Optional') return (v as { message?: { repr?: string } }).message?.repr ?? null;
    const p = o.payload as { present: boolean; value?: unknown };
    return p.present ? celToJson(p.value) : null;
  }
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (isCelUint(v)) return celToJson(v.value);
  if (isCelList(v)) return [...v].map(celToJson);
  if (isCelMap(v) || v instanceof Map) {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, x] of v as ReadonlyMap<unknown, unknown>)
      Object.defineProperty(out, String(k), {
        value: celToJson(x),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  if (Array.isArray(v)) return v.map(celToJson);
  return v;
}

export interface StaticCheck {
  readonly ok: true;
  readonly type: Decl;
  /** cel-go's estimated cost range (Kubernetes' library and schema size estimates). */
  readonly cost: { readonly min: number; readonly max: number };
}
export type StaticCheckOutcome =
  StaticCheck | { readonly ok: false; readonly error: string; readonly line?: number; readonly column?: number };

/** Parse, type-check and cost-estimate an expression with declared variables (a CRD rule: self, oldSelf). */
export function checkCel(source: string, vars: ReadonlyMap<string, Decl>): StaticCheckOutcome {
  const c = compileCel(source);
  if (!c.ok) return { ok: false, error: c.error };
  const checked = checkAst(c.program.ast, vars);
  if (!checked.ok) {
    if (checked.offset === undefined) return { ok: false, error: checked.error };
    const before = source.slice(0, checked.offset).split('\n');
    const line = before.length;
    const column = (before.at(-1) ?? '').length + 1;
    return { ok: false, error: `ERROR: <input>:${line}:${column}: ${checked.error}`, line, column };
  }
  return { ok: true, type: checked.type, cost: estimateStaticCost(c.program.ast, checked, { roots: vars }) };
}
