// A cost bound on a parsed CEL expression, so no rule can hang the page. Kubernetes estimates a rule's worst case
// from the schema's maxItems/maxLength and rejects it above a per-call limit; we estimate against the actual data:
// every comprehension runs at most `size(range)` times, a range being a list literal, a comprehension's own range
// (map/filter), a concatenation, or a value of the data (at most `dataSize`, its largest list, map or string).
import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';

/** Kubernetes' per-expression runtime cost limit (apiserver PerCallLimit). */
export const PER_CALL_LIMIT = 1_000_000;

function rangeSize(e: Expr | undefined, dataSize: number): number {
  const k = e?.exprKind;
  if (!k) return 0;
  switch (k.case) {
    case 'listExpr':
      return k.value.elements.length;
    case 'structExpr':
      return k.value.entries.length;
    case 'comprehensionExpr':
      return rangeSize(k.value.iterRange, dataSize);
    case 'callExpr':
      if (k.value.function === '_+_') return k.value.args.reduce((n, a) => n + rangeSize(a, dataSize), 0);
      return dataSize;
    default:
      return dataSize;
  }
}

/** Estimated steps to evaluate `e` when no value of the data is larger than `dataSize`. */
export function estimateCost(e: Expr | undefined, dataSize: number): number {
  const k = e?.exprKind;
  if (!k) return 0;
  switch (k.case) {
    case 'constExpr':
    case 'identExpr':
      return 1;
    case 'selectExpr':
      return 1 + estimateCost(k.value.operand, dataSize);
    case 'listExpr':
      return 1 + k.value.elements.reduce((n, x) => n + estimateCost(x, dataSize), 0);
    case 'structExpr':
      return (
        1 +
        k.value.entries.reduce(
          (n, x) => n + estimateCost(x.keyKind.value as Expr | undefined, dataSize) + estimateCost(x.value, dataSize),
          0,
        )
      );
    case 'callExpr': {
      // A function over a string or list is linear in its size at worst.
      const own = k.value.args.length > 0 || k.value.target ? 1 + dataSize / 8 : 1;
      return (
        own + estimateCost(k.value.target, dataSize) + k.value.args.reduce((n, a) => n + estimateCost(a, dataSize), 0)
      );
    }
    case 'comprehensionExpr': {
      const c = k.value;
      const n = Math.max(1, rangeSize(c.iterRange, dataSize));
      return (
        estimateCost(c.iterRange, dataSize) +
        estimateCost(c.accuInit, dataSize) +
        n * (estimateCost(c.loopCondition, dataSize) + estimateCost(c.loopStep, dataSize)) +
        estimateCost(c.result, dataSize)
      );
    }
    default:
      return 1;
  }
}

/** The largest list, map or string length anywhere in a JSON value (the bound on any range a rule iterates). */
export function dataSizeOf(v: unknown): number {
  let max = 0;
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x === 'string') max = Math.max(max, x.length);
    else if (Array.isArray(x)) {
      max = Math.max(max, x.length);
      for (const y of x) stack.push(y);
    } else if (x !== null && typeof x === 'object') {
      const vals = Object.values(x);
      max = Math.max(max, vals.length);
      for (const y of vals) stack.push(y);
    }
  }
  return max;
}
