// The runtime cost of one rule evaluation as the API server counts it (apiextensions-apiserver schema/cel
// validation.go): each call is limited to PerCallLimit, and all the calls for one object share
// RuntimeCELCostBudget. cel-go tracks the actual cost while interpreting; @bufbuild/cel has no such tracker, so the
// cost here is cel-go's estimator (estimate.ts, Kubernetes' library costs) with every list, map and string sized
// as the object has it: the estimator's bound for exactly this data, which is cel-go's actual cost for rules
// without short-circuits (`&&`, `||`, `?:`, `exists`), and above it otherwise.
import { checkAst } from './checker.ts';
import type { Decl } from './declType.ts';
import { estimateCost } from './estimate.ts';
import type { ParsedExpr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { escapeCelName } from './values.ts';

/** celconfig.PerCallLimit: the most one evaluation may cost. */
export const RUNTIME_PER_CALL_LIMIT = 1_000_000;
/** celconfig.RuntimeCELCostBudget: the most all evaluations for one object may cost together. */
export const RUNTIME_COST_BUDGET = 10_000_000;

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
/** Code points (Go's rune count): a surrogate pair is one. */
const runes = (s: string): number => {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
};

type Checked = ReturnType<typeof checkAst>;
/** Costs already estimated for a checked expression, with the sizes each read (a few: the last ones). */
interface Memo {
  readonly reads: readonly [readonly string[], number | undefined][];
  readonly cost: number;
}
const memos = new WeakMap<Checked, Memo[]>();
const MEMOS = 8;
const checks = new WeakMap<ParsedExpr, Map<string, Checked>>();
const declIds = new WeakMap<Decl, number>();
let nextDeclId = 0;
const declId = (d: Decl): number => {
  let id = declIds.get(d);
  if (id === undefined) declIds.set(d, (id = nextDeclId++));
  return id;
};

const largest = <T>(xs: readonly T[], size: (x: T) => number): number => xs.reduce((m, x) => Math.max(m, size(x)), 0);

/** Sets `key` of `o` to a getter computing it once, when first read. */
function lazy<O extends object>(o: O, key: string, compute: () => Decl): O {
  let v: Decl | undefined;
  Object.defineProperty(o, key, { enumerable: true, configurable: true, get: () => (v ??= compute()) });
  return o;
}

/** An object's fields sized from its values, each when first read (a rule reads few of an object's fields). */
class SizedFields extends Map<string, Decl> {
  private readonly done = new Set<string>();
  constructor(
    declared: ReadonlyMap<string, Decl>,
    private readonly objs: readonly Record<string, unknown>[],
    private readonly cache: SizeCache,
  ) {
    super(declared);
  }
  override get(name: string): Decl | undefined {
    const d = super.get(name);
    if (d === undefined || this.done.has(name)) return d;
    const vals: unknown[] = [];
    for (const o of this.objs) for (const k of Object.keys(o)) if (escapeCelName(k) === name) vals.push(o[k]);
    const sized = sizedDecl(d, vals, this.cache);
    this.done.add(name);
    super.set(name, sized);
    return sized;
  }
}

/** Sized declarations per JSON object or list, for one walk over one document (nested rules share subtrees). */
export type SizeCache = WeakMap<object, Map<Decl, Decl>>;

/** `d` with its size bounds set to the largest of `values` (absent values: size 0). */
export function sizedDecl(d: Decl, values: readonly unknown[], sizedCache: SizeCache = new WeakMap()): Decl {
  const one = values.length === 1 && values[0] !== null && typeof values[0] === 'object' ? values[0] : undefined;
  if (!one) return sizedOf(d, values, sizedCache);
  let byDecl = sizedCache.get(one);
  if (!byDecl) sizedCache.set(one, (byDecl = new Map()));
  let out = byDecl.get(d);
  if (!out) byDecl.set(d, (out = sizedOf(d, values, sizedCache)));
  return out;
}

function sizedOf(d: Decl, values: readonly unknown[], cache: SizeCache): Decl {
  switch (d.k) {
    case 'string':
    case 'bytes':
    case 'dyn': {
      const strings = values.filter((v): v is string => typeof v === 'string');
      if (d.k === 'dyn' && strings.length < values.length) return d;
      return { ...d, maxElements: largest(strings, runes) };
    }
    case 'list': {
      const lists = values.filter(Array.isArray);
      // element sizes only when the rule reaches them (the estimator asks), as for fields below
      return lazy({ ...d, maxElements: largest(lists, (l) => l.length) }, 'elem', () =>
        sizedDecl(d.elem, lists.flat(), cache),
      );
    }
    case 'map': {
      const maps = values.filter(isObj);
      const sized = { ...d, maxElements: largest(maps, (m) => Object.keys(m).length) };
      lazy(sized, 'key', () => sizedDecl(d.key, maps.flatMap(Object.keys), cache));
      return lazy(sized, 'val', () => sizedDecl(d.val, maps.flatMap(Object.values), cache));
    }
    case 'object': {
      const objs = values.filter(isObj);
      return { ...d, fields: new SizedFields(d.fields, objs, cache) };
    }
    case 'opaque':
      return d.param ? { ...d, param: sizedDecl(d.param, values, cache) } : d;
    default:
      return d;
  }
}

/**
 * What `sizeAt` of `vars` sized by `values` (sizedDecl) gives at `path`, read straight from the values: the same
 * walk (list items, map values and keys, declared fields by their CEL names) without building sized
 * declarations, to test a memo before estimating anew. Nothing is allocated: it runs for every rule evaluation.
 */
function dataSizeAt(
  vars: ReadonlyMap<string, Decl>,
  values: Readonly<Record<string, unknown>>,
  path: readonly string[],
): number | undefined {
  const root = path[0];
  if (root === undefined) return undefined;
  const top = vars.get(root);
  if (top === undefined) return undefined;
  // the declaration at the end (the values do not change it; undefined: the path leaves the declarations)
  let d: Decl = top;
  for (let i = 1; i < path.length; i++) {
    const next = stepDecl(d, path[i] as string);
    if (next === undefined) return undefined;
    d = next;
  }
  reached.max = 0;
  reached.other = false;
  const v = values[root];
  if (v !== undefined) reach(v, top, path, 1, d);
  switch (d.k) {
    case 'string':
    case 'bytes':
      return reached.max;
    case 'dyn':
      return reached.other ? d.maxElements : reached.max;
    case 'list':
    case 'map':
      return reached.max;
    default:
      return d.maxElements;
  }
}

/** The declaration one step of a size path down from `d`. */
function stepDecl(d: Decl, step: string): Decl | undefined {
  if (step === '@items' || step === '@values') return d.k === 'list' ? d.elem : d.k === 'map' ? d.val : undefined;
  if (step === '@keys') return d.k === 'map' ? d.key : undefined;
  return d.k === 'object' ? d.fields.get(step) : undefined;
}

/** What dataSizeAt found at the end of its path: the largest size, and whether a `dyn` held a non-string. */
const reached = { max: 0, other: false };

/** Every value at `path[i..]` below `v` (declared `d`), its size taken into `reached` (`end`: the last declaration). */
function reach(v: unknown, d: Decl, path: readonly string[], i: number, end: Decl): void {
  if (i === path.length) {
    switch (end.k) {
      case 'string':
      case 'bytes':
      case 'dyn':
        if (typeof v === 'string') reached.max = Math.max(reached.max, runes(v));
        else if (end.k === 'dyn') reached.other = true;
        return;
      case 'list':
        if (Array.isArray(v)) reached.max = Math.max(reached.max, v.length);
        return;
      case 'map':
        if (isObj(v)) reached.max = Math.max(reached.max, Object.keys(v).length);
        return;
      default:
        return;
    }
  }
  const step = path[i] as string;
  const next = stepDecl(d, step) as Decl;
  if (step === '@items' || step === '@values') {
    if (d.k === 'list') {
      if (Array.isArray(v)) for (const x of v as unknown[]) reach(x, next, path, i + 1, end);
    } else if (isObj(v)) for (const k of Object.keys(v)) reach(v[k], next, path, i + 1, end);
  } else if (step === '@keys') {
    if (isObj(v)) for (const k of Object.keys(v)) reach(k, next, path, i + 1, end);
  } else if (!isObj(v)) return;
  else if (ownName(step)) {
    if (Object.hasOwn(v, step)) reach(v[step], next, path, i + 1, end);
  } else for (const k of Object.keys(v)) if (celNamed(k, step)) reach(v[k], next, path, i + 1, end);
}

/** Field names (of the schema: few) that only the key of the same name has as its CEL name. */
const ownNames = new Map<string, boolean>();
const ownName = (name: string): boolean => {
  let own = ownNames.get(name);
  if (own === undefined) ownNames.set(name, (own = !name.includes('__') && escapeCelName(name) === name));
  return own;
};

/** Whether data key `k` is the field CEL calls `name`: a name without `__` is no key's escaped form but its own. */
const celNamed = (k: string, name: string): boolean =>
  name.includes('__') ? escapeCelName(k) === name : k === name && escapeCelName(k) === name;

const checksByVars = new WeakMap<ReadonlyMap<string, Decl>, WeakMap<ParsedExpr, Checked>>();

/** The type check of `ast` with `vars` (types do not depend on sizes: once per expression and declarations). */
function checkedFor(ast: ParsedExpr, vars: ReadonlyMap<string, Decl>): Checked {
  // The same declarations map (a caller keeping one per rule and node) finds its check without a key string.
  let byAst = checksByVars.get(vars);
  if (!byAst) checksByVars.set(vars, (byAst = new WeakMap()));
  let checked = byAst.get(ast);
  if (checked !== undefined) return checked;
  const byVars = (checks.get(ast) ?? checks.set(ast, new Map()).get(ast)) as Map<string, Checked>;
  const key = [...vars].map(([k, d]) => `${k}\u0000${declId(d)}`).join('\u0001');
  checked = byVars.get(key);
  if (checked === undefined) byVars.set(key, (checked = checkAst(ast, vars)));
  byAst.set(ast, checked);
  return checked;
}

/** Whether `values` have the sizes memo `m` read (a loop, no closure: it runs for every rule evaluation). */
function sameSizes(m: Memo, vars: ReadonlyMap<string, Decl>, values: Readonly<Record<string, unknown>>): boolean {
  for (const [path, max] of m.reads) if (dataSizeAt(vars, values, path) !== max) return false;
  return true;
}

/** The cost of evaluating `p` over `values` (JSON), whose declared types are `vars`; undefined when it does not type-check. */
export function runtimeCost(
  p: { readonly ast: ParsedExpr },
  vars: ReadonlyMap<string, Decl>,
  values: Readonly<Record<string, unknown>>,
  cache: SizeCache = new WeakMap(),
): number | undefined {
  const checked = checkedFor(p.ast, vars);
  if (!checked.ok) return undefined;
  // The estimate depends on the data only through the sizes it reads: when another object (of the same
  // kind, in a stream) gave the same sizes at the same paths, its cost is this one's.
  const known = memos.get(checked) ?? memos.set(checked, []).get(checked);
  for (let i = 0; i < (known?.length ?? 0); i++) {
    const m = (known as Memo[])[i] as Memo;
    if (!sameSizes(m, vars, values)) continue;
    // the last hit first: objects of one kind mostly share their sizes (any memo that matches has this cost)
    if (i > 0) known?.unshift(...(known.splice(i, 1) as [Memo]));
    return m.cost;
  }
  const sized = new Map(
    [...vars].map(([k, d]) => [k, sizedDecl(d, values[k] === undefined ? [] : [values[k]], cache)] as const),
  );
  const reads: [readonly string[], number | undefined][] = [];
  const cost = estimateCost(p.ast, checked, { roots: sized, reads }).max;
  if (known && known.length >= MEMOS) known.shift();
  known?.push({ reads, cost });
  return cost;
}
