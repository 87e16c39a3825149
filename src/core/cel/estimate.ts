// The static cost of a checked CEL expression as the API server estimates it (cel-go checker/cost.go with
// Kubernetes' library estimator, k8s.io/apiserver/pkg/cel/library/cost.go, and the schema's size estimator,
// apiextensions-apiserver schema/cel compilation.go): the worst case over the sizes the schema allows.
import type { Expr, ParsedExpr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import type { CheckedExpr } from './checker.ts';
import type { Decl } from './declType.ts';

const MAX = Number.MAX_SAFE_INTEGER; // stands for cel-go's MaxUint64: every sum and product saturates
interface Est {
  readonly min: number;
  readonly max: number;
}
const fixed = (n: number): Est => ({ min: n, max: n });
const sat = (n: number): number => (n >= MAX || !Number.isFinite(n) ? MAX : n);
const add = (a: Est, b: Est): Est => ({ min: sat(a.min + b.min), max: sat(a.max + b.max) });
const mul = (a: Est, b: Est): Est => ({ min: sat(a.min * b.min), max: sat(a.max * b.max) });
const factor = (a: Est, f: number): Est => ({ min: sat(Math.ceil(a.min * f)), max: sat(Math.ceil(a.max * f)) });
const union = (a: Est, b: Est): Est => ({ min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) });
const UNKNOWN: Est = { min: 0, max: MAX };
const STRING_TRAVERSAL = 0.1;
const REGEX_LENGTH = 0.25;

export interface CostEnv {
  /** Declared type of each root variable (self, oldSelf), with the schema's size bounds. */
  readonly roots: ReadonlyMap<string, Decl>;
  /** Where given, every size the estimate reads from `roots` (path, largest size): all it depends on of them. */
  readonly reads?: [readonly string[], number | undefined][];
}

/** Kubernetes' size estimator: walk the declared type along a path ([var, field | @items | @values | @keys...]). */
export function sizeAt(roots: ReadonlyMap<string, Decl>, path: readonly string[] | undefined): Est | undefined {
  if (!path || path.length === 0) return undefined;
  let node = roots.get(path[0] as string);
  for (const step of path.slice(1)) {
    if (!node) return undefined;
    if (step === '@items' || step === '@values')
      node = node.k === 'list' ? node.elem : node.k === 'map' ? node.val : undefined;
    else if (step === '@keys') node = node.k === 'map' ? node.key : undefined;
    else node = node.k === 'object' ? node.fields.get(step) : undefined;
  }
  return node?.maxElements === undefined ? undefined : { min: 0, max: node.maxElements };
}

const isScalar = (t: Decl | undefined): boolean =>
  !!t && ['bool', 'double', 'duration', 'int', 'timestamp', 'uint', 'type', 'null'].includes(t.k);

interface CallEst {
  cost: Est;
  size?: Est;
  replacesArgs?: boolean;
}

/** The estimated cost range of a checked expression. */
export function estimateCost(ast: ParsedExpr, checked: CheckedExpr, env: CostEnv): Est {
  return new Coster(checked, env).cost(ast.expr);
}

/** cel-go's coster: field paths and computed sizes of sub-expressions, the iteration variables in scope. */
class Coster {
  private readonly paths = new Map<bigint, readonly string[]>();
  private readonly sizes = new Map<bigint, Est>();
  private readonly locals: { name: string; path?: readonly string[]; size?: Est }[] = [];
  constructor(
    private readonly checked: CheckedExpr,
    private readonly env: CostEnv,
  ) {}

  private sizeAt(path: readonly string[]): Est | undefined {
    const est = sizeAt(this.env.roots, path);
    this.env.reads?.push([path, est?.max]);
    return est;
  }
  private local(name: string) {
    return this.locals.findLast((l) => l.name === name);
  }
  private typeOf(e: Expr): Decl | undefined {
    return this.checked.types.get(e.id);
  }

  private pathOf(e: Expr): readonly string[] | undefined {
    if (e.exprKind.case === 'identExpr') {
      const l = this.local(e.exprKind.value.name);
      if (l) return l.path;
    }
    return this.paths.get(e.id);
  }

  private sizeOf(e: Expr): Est | undefined {
    const s = this.sizes.get(e.id);
    if (s) return s;
    const k = e.exprKind;
    if (k.case === 'constExpr') {
      const c = k.value.constantKind;
      if (c.case === 'stringValue') return fixed([...c.value].length);
      if (c.case === 'bytesValue') return fixed(c.value.length);
      return fixed(1);
    }
    if (k.case === 'listExpr') return fixed(k.value.elements.length);
    if (k.case === 'structExpr') return fixed(k.value.entries.length);
    const p = this.pathOf(e);
    const bySchema = p && !p[0]?.startsWith('@') ? this.sizeAt(p) : undefined;
    if (bySchema) return bySchema;
    if (isScalar(this.typeOf(e))) return fixed(1);
    if (k.case === 'identExpr') return this.local(k.value.name)?.size;
    return undefined;
  }
  private sizeOrUnknown(e: Expr): Est {
    return this.sizeOf(e) ?? UNKNOWN;
  }

  cost(e: Expr | undefined): Est {
    if (!e) return fixed(0);
    const k = e.exprKind;
    switch (k.case) {
      case 'constExpr':
        return fixed(0);
      case 'identExpr': {
        const l = this.local(k.value.name);
        this.paths.set(e.id, l?.path ?? [k.value.name]);
        return fixed(1);
      }
      case 'selectExpr': {
        const operand = k.value.operand as Expr;
        if (k.value.testOnly) return this.cost(operand); // has(): PresenceTestHasCost(false)
        let sum = this.cost(operand);
        const t = this.typeOf(operand);
        if (t && (t.k === 'map' || t.k === 'object' || t.k === 'param')) sum = add(sum, fixed(1));
        const p = this.pathOf(operand);
        if (p) this.paths.set(e.id, [...p, k.value.field]);
        return sum;
      }
      case 'callExpr':
        return this.costCall(e, k.value.function, k.value.target, k.value.args);
      case 'listExpr':
        return add(
          k.value.elements.reduce((s, x) => add(s, this.cost(x)), fixed(0)),
          fixed(10),
        );
      case 'structExpr': {
        let sum = fixed(0);
        for (const en of k.value.entries) {
          if (en.keyKind.case === 'mapKey') sum = add(sum, this.cost(en.keyKind.value));
          sum = add(sum, this.cost(en.value));
        }
        return add(sum, fixed(k.value.messageName === '' ? 30 : 40));
      }
      case 'comprehensionExpr': {
        const c = k.value;
        const range = c.iterRange as Expr;
        let sum = add(this.cost(range), this.cost(c.accuInit));
        this.locals.push({ name: c.accuVar });
        const rt = this.typeOf(range);
        const rp = this.pathOf(range);
        const sub = rt?.k === 'map' ? '@keys' : '@items';
        this.locals.push({ name: c.iterVar, ...(rp ? { path: [...rp, sub] } : {}) });
        const loop = add(this.cost(c.loopCondition), this.cost(c.loopStep));
        this.locals.pop();
        sum = add(sum, this.cost(c.result));
        this.locals.pop();
        const n = this.sizeOrUnknown(range);
        sum = add(sum, mul(n, loop));
        const init = c.accuInit?.exprKind.case;
        if (init === 'listExpr' || init === 'structExpr') this.sizes.set(e.id, n);
        return sum;
      }
      default:
        return fixed(0);
    }
  }

  private costCall(e: Expr, fn: string, target: Expr | undefined, args: readonly Expr[]): Est {
    if (fn === 'dyn' && args.length === 1) {
      const a = this.cost(args[0]);
      const s = this.sizeOf(args[0] as Expr);
      if (s) this.sizes.set(e.id, s);
      return add(fixed(1), a);
    }
    const argCosts = args.map((x) => this.cost(x));
    let sum = target ? this.cost(target) : fixed(0);
    const argSum = argCosts.reduce(add, fixed(0));
    const call = this.functionCost(e, fn, target, args, argCosts);
    sum = add(sum, call.replacesArgs ? call.cost : add(call.cost, argSum));
    if (call.size) this.sizes.set(e.id, call.size);
    return sum;
  }

  private readonly functionCost = (
    e: Expr,
    fn: string,
    target: Expr | undefined,
    args: readonly Expr[],
    argCosts: Est[],
  ): CallEst => {
    const k8s = this.k8sCallCost(fn, target, args);
    if (k8s) return k8s;
    const a0 = args[0];
    const a1 = args[1];
    const t0 = a0 ? this.typeOf(a0) : undefined;
    switch (fn) {
      case '@kv': // two-variable comprehensions iterate the pairs of their range
        return { cost: fixed(1), size: a0 ? this.sizeOrUnknown(a0) : UNKNOWN };
      case 'string':
        // a number, bool, timestamp or duration prints in at most 32 characters (cel-go leaves the size unknown,
        // which would refuse every "..." + string(self.n) message: the API server accepts those)
        if (a0 && !target && t0 && isScalar(t0)) return { cost: fixed(1), size: { min: 1, max: 32 } };
        break;
      case '_&&_':
      case '_||_': {
        const [l = fixed(0), r = fixed(0)] = argCosts;
        return { cost: { min: l.min, max: add(l, r).max }, replacesArgs: true };
      }
      case '_?_:_': {
        const [c = fixed(0), t = fixed(0), f = fixed(0)] = argCosts;
        const size = union(this.sizeOrUnknown(a1 as Expr), this.sizeOrUnknown(args[2] as Expr));
        return { cost: add(c, union(t, f)), size, replacesArgs: true };
      }
      case '_[_]':
        if (a0) {
          const p = this.pathOf(a0);
          if (p) this.paths.set(e.id, [...p, t0?.k === 'map' ? '@values' : '@items']);
        }
        return { cost: fixed(1) };
      case '_+_':
        if (a0 && a1 && t0 && ['string', 'bytes', 'list'].includes(t0.k)) {
          const size = add(this.sizeOrUnknown(a0), this.sizeOrUnknown(a1));
          return { cost: t0.k === 'list' ? fixed(1) : factor(size, STRING_TRAVERSAL), size };
        }
        return { cost: fixed(1) };
      case 'startsWith':
      case 'endsWith':
        if (a0 && target) return { cost: factor(this.sizeOrUnknown(a0), STRING_TRAVERSAL) };
        break;
      case '@in':
        if (a1) return { cost: factor(this.sizeOrUnknown(a1), 1) };
        break;
      case 'matches':
        if (target && a0) {
          const str = factor(add(this.sizeOrUnknown(target), fixed(1)), STRING_TRAVERSAL);
          return { cost: mul(str, factor(this.sizeOrUnknown(a0), REGEX_LENGTH)) };
        }
        break;
      case 'contains':
        if (target && a0)
          return {
            cost: mul(
              factor(this.sizeOrUnknown(target), STRING_TRAVERSAL),
              factor(this.sizeOrUnknown(a0), STRING_TRAVERSAL),
            ),
          };
        break;
      case '_==_':
      case '_!=_':
      case '_<_':
      case '_>_':
      case '_<=_':
      case '_>=_': {
        const ordered = fn !== '_==_' && fn !== '_!=_';
        if (ordered && !(t0?.k === 'string' || t0?.k === 'bytes')) break;
        const smallest = Math.min(this.sizeOrUnknown(a0 as Expr).max, this.sizeOrUnknown(a1 as Expr).max);
        return { cost: factor({ min: smallest > 0 ? 1 : 0, max: smallest }, STRING_TRAVERSAL) };
      }
    }
    return { cost: fixed(1) };
  };

  /** Kubernetes' library estimator (library/cost.go EstimateCallCost). */
  private k8sCallCost(fn: string, target: Expr | undefined, args: readonly Expr[]): CallEst | undefined {
    const a0 = args[0];
    switch (fn) {
      case 'isSorted':
      case 'sum':
      case 'max':
      case 'min':
      case 'indexOf':
      case 'lastIndexOf': {
        if (!target) return undefined;
        const tt = this.typeOf(target);
        if (tt?.k !== 'list') return { cost: factor(this.sizeOrUnknown(target), STRING_TRAVERSAL) };
        let el = fixed(1);
        if (tt.elem.k === 'string' || tt.elem.k === 'bytes') {
          const p = this.pathOf(target);
          const es =
            (p && this.sizeAt([...p, '@items'])) ??
            (tt.elem.maxElements !== undefined ? { min: 0, max: tt.elem.maxElements } : UNKNOWN);
          el = add(el, factor(es, STRING_TRAVERSAL));
        }
        return { cost: mul(this.sizeOrUnknown(target), el) };
      }
      case 'url':
        return a0 && !target ? { cost: factor(this.sizeOrUnknown(a0), STRING_TRAVERSAL) } : undefined;
      case 'lowerAscii':
      case 'upperAscii':
      case 'substring':
      case 'trim':
        if (!target) return undefined;
        return { cost: factor(this.sizeOrUnknown(target), STRING_TRAVERSAL), size: this.sizeOrUnknown(target) };
      case 'replace':
        return target && args.length >= 2 ? this.replaceCost(target, args) : undefined;
      case 'split': {
        if (!target) return undefined;
        const sz = this.sizeOrUnknown(target);
        return { cost: factor(sz, 2 * STRING_TRAVERSAL), size: { min: 0, max: sz.max } };
      }
      case 'join': {
        if (!target) return undefined;
        const list = this.sizeOrUnknown(target);
        const p = this.pathOf(target);
        const tt = this.typeOf(target);
        const elem =
          (p && this.sizeAt([...p, '@items'])) ??
          (tt?.k === 'list' && tt.elem.maxElements !== undefined ? { min: 0, max: tt.elem.maxElements } : UNKNOWN);
        let sz = mul(list, elem);
        if (a0)
          sz = add(sz, mul(this.sizeOrUnknown(a0), { min: Math.max(0, list.min - 1), max: Math.max(0, list.max - 1) }));
        return { cost: factor(sz, STRING_TRAVERSAL), size: sz };
      }
      case 'find':
      case 'findAll': {
        if (!target || !a0) return undefined;
        const sz = this.sizeOrUnknown(target);
        const str = factor(add(sz, fixed(1)), STRING_TRAVERSAL);
        return { cost: mul(str, factor(this.sizeOrUnknown(a0), REGEX_LENGTH)), size: { min: 0, max: sz.max } };
      }
      case 'cidr':
      case 'isIP':
      case 'isCIDR':
      case 'quantity':
      case 'isQuantity':
      case 'ip':
        if (fn === 'ip' && target) return { cost: fixed(1) };
        return a0 ? { cost: factor(this.sizeOrUnknown(a0), STRING_TRAVERSAL) } : undefined;
      case 'ip.isCanonical':
        return a0 ? { cost: factor(this.sizeOrUnknown(a0), 2 * STRING_TRAVERSAL) } : undefined;
      case 'masked':
      case 'prefixLength':
      case 'family':
      case 'isUnspecified':
      case 'isLoopback':
      case 'isLinkLocalMulticast':
      case 'isLinkLocalUnicast':
      case 'sign':
      case 'asInteger':
      case 'isInteger':
      case 'asApproximateFloat':
      case 'isGreaterThan':
      case 'isLessThan':
      case 'compareTo':
      case 'add':
      case 'sub':
        return { cost: fixed(1) };
      case 'containsIP':
      case 'containsCIDR': {
        if (!target || !a0) return undefined;
        const ipSz = { min: 4, max: 16 };
        let c = factor(add(ipSz, ipSz), STRING_TRAVERSAL);
        if (fn === 'containsCIDR') c = add(add(c, factor(ipSz, STRING_TRAVERSAL)), fixed(1));
        if (this.typeOf(a0)?.k === 'string') c = add(c, factor(this.sizeOrUnknown(a0), STRING_TRAVERSAL));
        return { cost: c };
      }
      default:
        return undefined;
    }
  }

  private replaceCost(target: Expr, args: readonly Expr[]): CallEst {
    const sz = this.sizeOrUnknown(target);
    const from = this.sizeOrUnknown(args[0] as Expr);
    const to = this.sizeOrUnknown(args[1] as Expr);
    let countMax: number;
    let retainedMax = 0;
    if (from.min === 0) {
      countMax = sz.max < MAX ? sz.max + 1 : sz.max;
      retainedMax = sz.max;
    } else if (to.max <= from.min) {
      countMax = 0;
      retainedMax = sz.max;
    } else countMax = Math.ceil(sz.max / from.min);
    let countMin: number;
    let retainedMin = 0;
    if (from.max === 0) {
      countMin = sz.min + 1;
      retainedMin = sz.min;
    } else if (from.max <= to.min) {
      countMin = 0;
      retainedMin = sz.min;
    } else countMin = Math.ceil(sz.min / from.max);
    const size = add(mul({ min: countMin, max: countMax }, to), { min: retainedMin, max: retainedMax });
    return { cost: factor(sz, 2 * STRING_TRAVERSAL), size };
  }
}
