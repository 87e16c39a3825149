// A CEL type checker for the Kubernetes environment (what cel-go's checker does when the API server compiles a
// rule): every expression gets a type from the declared variables (self/oldSelf typed by the schema, declType.ts)
// and the function declarations (signatures.ts); a call no overload accepts, an undefined field or variable is an
// error with cel-go's wording. @bufbuild/cel 0.6.1's own checker only handles constants and identifiers.
// Where the schema says nothing (dyn), everything is accepted: the checker never refuses what the server accepts.
import type { Expr, ParsedExpr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { T, typeName, type Decl } from './declType.ts';
import { overloadsOf, type Overload } from './signatures.ts';
import { compileRe2 } from '../model/re2.ts';
import { isDateTime } from './k8sLibrary.ts';

export interface CheckedExpr {
  readonly type: Decl;
  /** The type of every sub-expression, by expression id. */
  readonly types: ReadonlyMap<bigint, Decl>;
}

export type CheckOutcome =
  ({ readonly ok: true } & CheckedExpr) | { readonly ok: false; readonly error: string; readonly offset?: number };

class CheckError extends Error {
  constructor(
    message: string,
    readonly id: bigint,
  ) {
    super(message);
  }
}

const TYPE_NAMES = new Set([
  'int',
  'uint',
  'double',
  'bool',
  'string',
  'bytes',
  'list',
  'map',
  'null_type',
  'type',
  'google.protobuf.Duration',
  'google.protobuf.Timestamp',
  'net.IP',
  'net.CIDR',
  'kubernetes.URL',
  'kubernetes.Quantity',
  'kubernetes.Semver',
]);

const listOf = (elem: Decl): Decl => ({ k: 'list', elem });

/** Type-check `ast` with the given variables. */
export function checkAst(ast: ParsedExpr, vars: ReadonlyMap<string, Decl>): CheckOutcome {
  const types = new Map<bigint, Decl>();
  const scopes: Map<string, Decl>[] = [];
  const lookup = (name: string): Decl | undefined => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const t = scopes[i]?.get(name);
      if (t) return t;
    }
    return vars.get(name);
  };

  const check = (e: Expr): Decl => {
    const t = checkKind(e);
    types.set(e.id, t);
    return t;
  };

  const qualifiedName = (e: Expr | undefined): string | undefined => {
    if (!e) return undefined;
    if (e.exprKind.case === 'identExpr') return lookup(e.exprKind.value.name) ? undefined : e.exprKind.value.name;
    if (e.exprKind.case === 'selectExpr') {
      const q = qualifiedName(e.exprKind.value.operand);
      return q === undefined ? undefined : `${q}.${e.exprKind.value.field}`;
    }
    return undefined;
  };

  const checkKind = (e: Expr): Decl => {
    const k = e.exprKind;
    switch (k.case) {
      case 'constExpr':
        return constType(k.value.constantKind.case);
      case 'identExpr': {
        const t = lookup(k.value.name);
        if (t) return t;
        if (TYPE_NAMES.has(k.value.name)) return T.type;
        throw new CheckError(`undeclared reference to '${k.value.name}' (in container '')`, e.id);
      }
      case 'selectExpr': {
        const qual = qualifiedName(e);
        if (qual !== undefined && TYPE_NAMES.has(qual)) return T.type;
        const operand = check(k.value.operand as Expr);
        const field = selectField(operand, k.value.field, e.id);
        return k.value.testOnly ? T.bool : field;
      }
      case 'callExpr': {
        const c = k.value;
        const qual = qualifiedName(c.target);
        if (qual !== undefined && overloadsOf(`${qual}.${c.function}`).length > 0)
          return resolve(`${qual}.${c.function}`, undefined, c.args.map(check), e.id);
        const target = c.target ? check(c.target) : undefined;
        const args = c.args.map(check);
        validateLiteral(c.function, c.target !== undefined, c.args, e.id);
        return resolve(c.function, target, args, e.id);
      }
      case 'listExpr':
        return listOf(homogeneous(k.value.elements.map(check), e.id));
      case 'structExpr': {
        if (k.value.messageName !== '') throw new CheckError(`undeclared reference to '${k.value.messageName}'`, e.id);
        const keys: Decl[] = [];
        const vals: Decl[] = [];
        for (const en of k.value.entries) {
          if (en.keyKind.case === 'mapKey') keys.push(check(en.keyKind.value));
          if (en.value) vals.push(check(en.value));
        }
        return { k: 'map', key: homogeneous(keys, e.id), val: homogeneous(vals, e.id) };
      }
      case 'comprehensionExpr': {
        const c = k.value;
        const range = check(c.iterRange as Expr);
        const iter = rangeElem(range, e.id);
        let accu = check(c.accuInit as Expr);
        scopes.push(new Map([[c.accuVar, accu]]));
        scopes.push(new Map([[c.iterVar, iter]]));
        if (c.loopCondition) check(c.loopCondition);
        const step = c.loopStep ? check(c.loopStep) : accu;
        scopes.pop();
        // an accumulator that starts as [] or {} takes the type the step gives it
        if ((accu.k === 'list' || accu.k === 'map') && step.k === accu.k) accu = step;
        scopes[scopes.length - 1]?.set(c.accuVar, accu);
        const result = c.result ? check(c.result) : accu;
        scopes.pop();
        return result;
      }
      default:
        return T.dyn;
    }
  };

  try {
    const type = ast.expr ? check(ast.expr) : T.dyn;
    return { ok: true, type, types };
  } catch (err) {
    if (!(err instanceof CheckError)) throw err;
    const offset = ast.sourceInfo?.positions[String(err.id)];
    return { ok: false, error: err.message, ...(offset !== undefined ? { offset } : {}) };
  }
}

/** cel.HomogeneousAggregateLiterals: a literal's elements share one type (dyn aside). */
function homogeneous(ts: readonly Decl[], id: bigint): Decl {
  const typed = ts.filter((t) => t.k !== 'dyn' && t.k !== 'param' && t.k !== 'error');
  const first = typed[0];
  if (first && typed.length === ts.length) {
    const other = typed.find((t) => typeName(t) !== typeName(first));
    if (other) throw new CheckError(`expected type '${typeName(first)}' but found '${typeName(other)}'`, id);
  }
  return join(ts);
}

/** Kubernetes' AST validators (1.29+): duration, timestamp and regex literals must be valid at compile time. */
function validateLiteral(fn: string, method: boolean, args: readonly Expr[], id: bigint): void {
  const lit = (i: number): string | undefined => {
    const a = args[i]?.exprKind;
    return a?.case === 'constExpr' && a.value.constantKind.case === 'stringValue'
      ? a.value.constantKind.value
      : undefined;
  };
  if (fn === 'duration' && !method) {
    const s = lit(0);
    // Go's time.ParseDuration: no days or weeks (those are only for format: duration strings)
    if (s !== undefined && s !== '0' && !/^[-+]?((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+$/.test(s))
      throw new CheckError('invalid duration argument', id);
  }
  if (fn === 'timestamp' && !method) {
    const s = lit(0);
    if (s !== undefined && !isDateTime(s)) throw new CheckError('invalid timestamp', id);
  }
  const regexArg = fn === 'matches' ? (method ? 0 : 1) : fn === 'find' || fn === 'findAll' ? 0 : -1;
  if (regexArg >= 0) {
    const s = lit(regexArg);
    if (s !== undefined && !compileRe2(s).ok) throw new CheckError(`invalid ${fn} argument`, id);
  }
}

function constType(kind: string | undefined): Decl {
  switch (kind) {
    case 'boolValue':
      return T.bool;
    case 'int64Value':
      return T.int;
    case 'uint64Value':
      return T.uint;
    case 'doubleValue':
      return T.double;
    case 'stringValue':
      return T.string;
    case 'bytesValue':
      return T.bytes;
    case 'nullValue':
      return T.null;
    default:
      return T.dyn;
  }
}

function selectField(t: Decl, field: string, id: bigint): Decl {
  switch (t.k) {
    case 'object': {
      const f = t.fields.get(field);
      if (f) return f;
      if (t.open) return T.dyn;
      throw new CheckError(`undefined field '${field}'`, id);
    }
    case 'map':
      return t.val;
    case 'dyn':
    case 'param':
    case 'error':
      return T.dyn;
    default:
      throw new CheckError(`type '${typeName(t)}' does not support field selection`, id);
  }
}

function rangeElem(t: Decl, id: bigint): Decl {
  if (t.k === 'list') return t.elem;
  if (t.k === 'map') return t.key;
  if (t.k === 'dyn' || t.k === 'param') return T.dyn;
  throw new CheckError(
    `expression of type '${typeName(t)}' cannot be range of a comprehension (must be list, map, or dynamic)`,
    id,
  );
}

function join(ts: readonly Decl[]): Decl {
  if (ts.length === 0) return T.dyn;
  const first = ts[0] as Decl;
  const name = typeName(first);
  return ts.every((t) => typeName(t) === name) ? first : T.dyn;
}

const NULLABLE = new Set(['null', 'opaque', 'object', 'timestamp', 'duration', 'dyn', 'param']);

/** Whether a value of type `arg` may be passed where `param` is declared, binding type parameters in `b`. */
export function assignable(param: Decl, arg: Decl, b: Map<string, Decl>): boolean {
  if (arg.k === 'dyn' || arg.k === 'error' || param.k === 'dyn') return true;
  if (param.k === 'param') {
    const bound = b.get(param.name);
    if (!bound || bound.k === 'dyn') {
      b.set(param.name, arg);
      return true;
    }
    if (bound.k === 'null' && NULLABLE.has(arg.k)) return true;
    return assignable(bound, arg, b);
  }
  if (arg.k === 'null') return NULLABLE.has(param.k);
  if (arg.k === 'param') return true;
  switch (param.k) {
    case 'list':
      return arg.k === 'list' && assignable(param.elem, arg.elem, b);
    case 'map':
      return arg.k === 'map' && assignable(param.key, arg.key, b) && assignable(param.val, arg.val, b);
    case 'object':
      return arg.k === 'object';
    case 'opaque':
      return (
        arg.k === 'opaque' &&
        arg.name === param.name &&
        (!param.param || !arg.param || assignable(param.param, arg.param, b))
      );
    default:
      return param.k === arg.k;
  }
}

function substitute(t: Decl, b: ReadonlyMap<string, Decl>): Decl {
  switch (t.k) {
    case 'param':
      return b.get(t.name) ?? T.dyn;
    case 'list':
      return listOf(substitute(t.elem, b));
    case 'map':
      return { k: 'map', key: substitute(t.key, b), val: substitute(t.val, b) };
    case 'opaque':
      return t.param ? { k: 'opaque', name: t.name, param: substitute(t.param, b) } : t;
    default:
      return t;
  }
}

function resolve(fn: string, target: Decl | undefined, args: readonly Decl[], id: bigint): Decl {
  const results: Decl[] = [];
  for (const o of overloadsOf(fn)) {
    const r = tryOverload(o, target, args);
    if (r) results.push(r);
  }
  if (results.length === 0) {
    const shown = `${target ? `${typeName(target)}.` : ''}(${args.map(typeName).join(', ')})`;
    throw new CheckError(`found no matching overload for '${fn}' applied to '${shown}'`, id);
  }
  return join(results);
}

function tryOverload(o: Overload, target: Decl | undefined, args: readonly Decl[]): Decl | undefined {
  if (!!o.target !== !!target || o.args.length !== args.length) return undefined;
  const b = new Map<string, Decl>();
  if (o.target && target && !assignable(o.target, target, b)) return undefined;
  for (let i = 0; i < args.length; i++) if (!assignable(o.args[i] as Decl, args[i] as Decl, b)) return undefined;
  return substitute(o.result, b);
}
