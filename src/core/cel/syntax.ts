// The CEL syntax Kubernetes accepts beyond what @bufbuild/cel 0.6.1 parses: optional selection and indexing
// (`a.?b`, `a[?i]`, `[?x]`, `{?k: v}`; cel-go's OptionalTypes) and two-variable comprehensions (`all(i, v, p)`,
// `exists`, `existsOne`, `transformList`, `transformMap`, `transformMapEntry`; cel-go's TwoVarComprehensions) and
// the lists extension's `sortBy` macro. The source is blanked (same length, so every position stays true) where the
// parser would stop, and the parsed tree is rewritten into calls of internal functions (`_?._`, `_[?_]`,
// `@optList`, `@optMap`, `@kv`, `@mapInsert`, `@sortByAssociatedKeys`) that the runtime library defines.
import { create } from '@bufbuild/protobuf';
import { parse } from '@bufbuild/cel';
import {
  ExprSchema,
  type Expr,
  type Expr_Call,
  type Expr_CreateList,
  type Expr_CreateStruct,
  type ParsedExpr,
} from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';

export const OPT_SELECT = '@optSelect';
export const OPT_INDEX = '@optIndex';

interface Marks {
  readonly text: string;
  readonly selects: Set<number>; // offsets of '.' of `.?`
  readonly indexes: Set<number>; // offsets of '[' of `[?`
  readonly elems: Set<number>; // offsets of the first character of an optional list element / map key
}

/** Blank the `?` of optional syntax (outside string literals), remembering where it was. */
export function markOptionals(src: string): Marks {
  const out = src.split('');
  if (!src.includes('?')) return { text: src, selects: new Set(), indexes: new Set(), elems: new Set() };
  const selects = new Set<number>();
  const indexes = new Set<number>();
  const elems = new Set<number>();
  const stack: ('list' | 'index' | 'map' | 'paren')[] = [];
  let prev = ''; // previous significant character
  const nextSig = (j: number): number => {
    while (j < src.length && /\s/.test(src[j] as string)) j++;
    return j;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (c === '"' || c === "'") {
      i = skipString(src, i) - 1;
      prev = c;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (c === '.' && src[i + 1] === '?') {
      selects.add(i);
      out[i + 1] = ' ';
      i++;
      prev = '.';
      continue;
    }
    if (c === '[') {
      const isIndex = /[\w)\]}'"]/.test(prev);
      stack.push(isIndex ? 'index' : 'list');
      const j = nextSig(i + 1);
      if (src[j] === '?') {
        out[j] = ' ';
        if (isIndex) indexes.add(i);
        else elems.add(nextSig(j + 1));
        i = j;
      }
      prev = '[';
      continue;
    }
    if (c === '{') stack.push('map');
    else if (c === '(') stack.push('paren');
    else if (c === ']' || c === '}' || c === ')') stack.pop();
    if ((c === '{' || c === ',') && (stack.at(-1) === 'list' || stack.at(-1) === 'map')) {
      const j = nextSig(i + 1);
      if (src[j] === '?') {
        out[j] = ' ';
        elems.add(nextSig(j + 1));
        i = j;
      }
    }
    prev = c;
  }
  return { text: out.join(''), selects, indexes, elems };
}

function skipString(src: string, i: number): number {
  const q = src[i] as string;
  const raw = i > 0 && /[rR]/.test(src[i - 1] as string);
  const triple = src.startsWith(q.repeat(3), i);
  const close = triple ? q.repeat(3) : q;
  let j = i + close.length;
  while (j < src.length) {
    if (!raw && src[j] === '\\') j += 2;
    else if (src.startsWith(close, j)) return j + close.length;
    else if (!triple && src[j] === '\n') return j;
    else j++;
  }
  return j;
}

class Builder {
  private next: bigint;
  constructor(maxId: bigint) {
    this.next = maxId + 1n;
  }
  id(): bigint {
    return this.next++;
  }
  ident(name: string): Expr {
    return create(ExprSchema, { id: this.id(), exprKind: { case: 'identExpr', value: { name } } });
  }
  int(v: bigint): Expr {
    return create(ExprSchema, {
      id: this.id(),
      exprKind: { case: 'constExpr', value: { constantKind: { case: 'int64Value', value: v } } },
    });
  }
  bool(v: boolean): Expr {
    return create(ExprSchema, {
      id: this.id(),
      exprKind: { case: 'constExpr', value: { constantKind: { case: 'boolValue', value: v } } },
    });
  }
  str(v: string): Expr {
    return create(ExprSchema, {
      id: this.id(),
      exprKind: { case: 'constExpr', value: { constantKind: { case: 'stringValue', value: v } } },
    });
  }
  call(fn: string, args: Expr[], target?: Expr, id?: bigint): Expr {
    return create(ExprSchema, {
      id: id ?? this.id(),
      exprKind: { case: 'callExpr', value: { function: fn, args, ...(target ? { target } : {}) } },
    });
  }
  list(elements: Expr[]): Expr {
    return create(ExprSchema, { id: this.id(), exprKind: { case: 'listExpr', value: { elements } } });
  }
  emptyMap(): Expr {
    return create(ExprSchema, { id: this.id(), exprKind: { case: 'structExpr', value: { entries: [] } } });
  }
  fold(id: bigint, p: { iterVar: string; range: Expr; accuInit: Expr; cond: Expr; step: Expr; result: Expr }): Expr {
    return create(ExprSchema, {
      id,
      exprKind: {
        case: 'comprehensionExpr',
        value: {
          iterVar: p.iterVar,
          iterRange: p.range,
          accuVar: '@result',
          accuInit: p.accuInit,
          loopCondition: p.cond,
          loopStep: p.step,
          result: p.result,
        },
      },
    });
  }
}

function maxIdOf(e: Expr | undefined, m = 0n): bigint {
  if (!e) return m;
  let out = e.id > m ? e.id : m;
  for (const c of children(e)) out = maxIdOf(c, out);
  return out;
}

/** Direct sub-expressions. */
export function children(e: Expr): Expr[] {
  const k = e.exprKind;
  switch (k.case) {
    case 'selectExpr':
      return k.value.operand ? [k.value.operand] : [];
    case 'callExpr':
      return [...(k.value.target ? [k.value.target] : []), ...k.value.args];
    case 'listExpr':
      return k.value.elements;
    case 'structExpr':
      return k.value.entries.flatMap((en) => [
        ...(en.keyKind.case === 'mapKey' ? [en.keyKind.value] : []),
        ...(en.value ? [en.value] : []),
      ]);
    case 'comprehensionExpr': {
      const c = k.value;
      return [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result].filter((x): x is Expr => !!x);
    }
    default:
      return [];
  }
}

/** Parse with Kubernetes' extra syntax; throws the parser's error like `parse`. */
export function parseK8s(src: string): ParsedExpr {
  const marks = markOptionals(src);
  const ast = parse(marks.text);
  const positions = ast.sourceInfo?.positions ?? {};
  const b = new Builder(maxIdOf(ast.expr));
  let iterSeq = 0;
  const pos = (e: Expr): number | undefined => positions[String(e.id)];
  const minPos = (e: Expr): number => {
    let m = pos(e) ?? Number.MAX_SAFE_INTEGER;
    for (const c of children(e)) m = Math.min(m, minPos(c));
    return m;
  };
  const isOptChain = (e: Expr): boolean =>
    e.exprKind.case === 'callExpr' && [OPT_SELECT, OPT_INDEX].includes(e.exprKind.value.function);

  const rewrite = (e: Expr): Expr => {
    const k = e.exprKind;
    switch (k.case) {
      case 'selectExpr': {
        const operand = k.value.operand ? rewrite(k.value.operand) : undefined;
        const p = pos(e);
        if (operand && !k.value.testOnly && ((p !== undefined && marks.selects.has(p)) || isOptChain(operand)))
          return b.call(OPT_SELECT, [operand, b.str(k.value.field)], undefined, e.id);
        if (operand) k.value.operand = operand;
        return e;
      }
      case 'callExpr':
        return rewriteCall(e, k.value);
      case 'listExpr':
        return rewriteList(e, k.value);
      case 'structExpr':
        return rewriteStruct(e, k.value);
      case 'comprehensionExpr': {
        const c = k.value;
        if (c.iterRange) c.iterRange = rewrite(c.iterRange);
        if (c.accuInit) c.accuInit = rewrite(c.accuInit);
        if (c.loopCondition) c.loopCondition = rewrite(c.loopCondition);
        if (c.loopStep) c.loopStep = rewrite(c.loopStep);
        if (c.result) c.result = rewrite(c.result);
        return e;
      }
      default:
        return e;
    }
  };

  const rewriteList = (e: Expr, l: Expr_CreateList): Expr => {
    l.elements = l.elements.map(rewrite);
    const mask = l.elements.map((x) => marks.elems.has(minPos(x)));
    if (!mask.some(Boolean)) return e;
    return b.call('@optList', [e, b.list(mask.map((m) => b.bool(m)))]);
  };

  const rewriteStruct = (e: Expr, s: Expr_CreateStruct): Expr => {
    const optKeys: Expr[] = [];
    for (const en of s.entries) {
      if (en.keyKind.case === 'mapKey') {
        en.keyKind.value = rewrite(en.keyKind.value);
        if (marks.elems.has(minPos(en.keyKind.value))) optKeys.push(en.keyKind.value);
      }
      if (en.value) en.value = rewrite(en.value);
    }
    if (optKeys.length === 0) return e;
    return b.call('@optMap', [e, b.list(optKeys)]);
  };

  const rewriteCall = (e: Expr, c: Expr_Call): Expr => {
    if (c.target) c.target = rewrite(c.target);
    c.args = c.args.map(rewrite);
    const p = pos(e);
    if (c.function === '_[_]' && c.args.length === 2) {
      const [x, i] = c.args as [Expr, Expr];
      if ((p !== undefined && marks.indexes.has(p)) || isOptChain(x)) return b.call(OPT_INDEX, [x, i], undefined, e.id);
      return e;
    }
    const twoVar = twoVarMacro(c);
    if (twoVar) return expandTwoVar(b, e.id, c, twoVar, `@it${iterSeq++}`);
    if (c.function === 'sortBy' && c.target && c.args.length === 2 && c.args[0]?.exprKind.case === 'identExpr') {
      const v = c.args[0].exprKind.value.name;
      const keys = b.fold(b.id(), {
        iterVar: v,
        range: c.target,
        accuInit: b.list([]),
        cond: b.bool(true),
        step: b.call('_+_', [b.ident('@result'), b.list([c.args[1] as Expr])]),
        result: b.ident('@result'),
      });
      return b.call('@sortByAssociatedKeys', [c.target, keys], undefined, e.id);
    }
    return e;
  };

  if (ast.expr) ast.expr = rewrite(ast.expr);
  return ast;
}

type TwoVar = 'all' | 'exists' | 'existsOne' | 'transformList' | 'transformMap' | 'transformMapEntry';
const TWO_VAR_ARITY: Readonly<Record<TwoVar, readonly number[]>> = {
  all: [3],
  exists: [3],
  existsOne: [3],
  transformList: [3, 4],
  transformMap: [3, 4],
  transformMapEntry: [3, 4],
};

function twoVarMacro(c: Expr_Call): TwoVar | undefined {
  const name = c.function === 'exists_one' ? 'existsOne' : c.function;
  if (!c.target || !Object.hasOwn(TWO_VAR_ARITY, name)) return undefined;
  if (!TWO_VAR_ARITY[name as TwoVar].includes(c.args.length)) return undefined;
  if (c.args[0]?.exprKind.case !== 'identExpr' || c.args[1]?.exprKind.case !== 'identExpr') return undefined;
  return name as TwoVar;
}

/** Replace free occurrences of `name` by `by()` (not under a comprehension that rebinds it). */
function substitute(e: Expr, name: string, by: () => Expr): Expr {
  const k = e.exprKind;
  if (k.case === 'identExpr') return k.value.name === name ? by() : e;
  if (k.case === 'comprehensionExpr') {
    const c = k.value;
    if (c.iterRange) c.iterRange = substitute(c.iterRange, name, by);
    if (c.accuInit) c.accuInit = substitute(c.accuInit, name, by);
    if (c.iterVar === name || c.accuVar === name) return e;
    if (c.loopCondition) c.loopCondition = substitute(c.loopCondition, name, by);
    if (c.loopStep) c.loopStep = substitute(c.loopStep, name, by);
    if (c.result) c.result = substitute(c.result, name, by);
    return e;
  }
  if (k.case === 'selectExpr' && k.value.operand) k.value.operand = substitute(k.value.operand, name, by);
  else if (k.case === 'callExpr') {
    if (k.value.target) k.value.target = substitute(k.value.target, name, by);
    k.value.args = k.value.args.map((a) => substitute(a, name, by));
  } else if (k.case === 'listExpr') k.value.elements = k.value.elements.map((a) => substitute(a, name, by));
  else if (k.case === 'structExpr')
    for (const en of k.value.entries) {
      if (en.keyKind.case === 'mapKey') en.keyKind.value = substitute(en.keyKind.value, name, by);
      if (en.value) en.value = substitute(en.value, name, by);
    }
  return e;
}

function expandTwoVar(b: Builder, id: bigint, c: Expr_Call, kind: TwoVar, it: string): Expr {
  const [iv, vv] = c.args as [Expr, Expr];
  const i = (iv.exprKind.value as { name: string }).name;
  const v = (vv.exprKind.value as { name: string }).name;
  const bind = (x: Expr): Expr =>
    substitute(
      substitute(x, i, () => b.call('_[_]', [b.ident(it), b.int(0n)])),
      v,
      () => b.call('_[_]', [b.ident(it), b.int(1n)]),
    );
  const body = c.args.slice(2).map(bind);
  const range = b.call('@kv', [c.target as Expr]);
  const acc = () => b.ident('@result');
  const filtered = (step: Expr): Expr => (body.length === 2 ? b.call('_?_:_', [body[0] as Expr, step, acc()]) : step);
  const expr = body.at(-1) as Expr;
  const key = () => b.call('_[_]', [b.ident(it), b.int(0n)]);
  switch (kind) {
    case 'all':
      return b.fold(id, {
        iterVar: it,
        range,
        accuInit: b.bool(true),
        cond: b.call('@not_strictly_false', [acc()]),
        step: b.call('_&&_', [acc(), expr]),
        result: acc(),
      });
    case 'exists':
      return b.fold(id, {
        iterVar: it,
        range,
        accuInit: b.bool(false),
        cond: b.call('@not_strictly_false', [b.call('!_', [acc()])]),
        step: b.call('_||_', [acc(), expr]),
        result: acc(),
      });
    case 'existsOne':
      return b.fold(id, {
        iterVar: it,
        range,
        accuInit: b.int(0n),
        cond: b.bool(true),
        step: b.call('_?_:_', [expr, b.call('_+_', [acc(), b.int(1n)]), acc()]),
        result: b.call('_==_', [acc(), b.int(1n)]),
      });
    case 'transformList':
      return b.fold(id, {
        iterVar: it,
        range,
        accuInit: b.list([]),
        cond: b.bool(true),
        step: filtered(b.call('_+_', [acc(), b.list([expr])])),
        result: acc(),
      });
    case 'transformMap':
      return b.fold(id, {
        iterVar: it,
        range,
        accuInit: b.emptyMap(),
        cond: b.bool(true),
        step: filtered(b.call('@mapInsert', [acc(), key(), expr])),
        result: acc(),
      });
    case 'transformMapEntry':
      return b.fold(id, {
        iterVar: it,
        range,
        accuInit: b.emptyMap(),
        cond: b.bool(true),
        step: filtered(b.call('@mapMerge', [acc(), expr])),
        result: acc(),
      });
  }
}
