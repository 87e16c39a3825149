// What of `self` an expression can see: the fields its `self.a.b` chains reach. Converting only those to CEL
// values (instead of a whole 1 MB document per rule step) keeps rules at the cost of a clone. Sound because an
// expression observes `self` only through selections; a bare `self` (or `self` passed whole) needs all of it.
import type { CelProgram } from '../cel/index.ts';
import type { Path } from '../model/issue.ts';
import { getAt, setAt } from './paths.ts';

type Node = { exprKind?: { case?: string; value?: unknown } };
const chains = new WeakMap<CelProgram, Path[] | 'all'>();

function selfChains(p: CelProgram): Path[] | 'all' {
  const hit = chains.get(p);
  if (hit) return hit;
  const out: Path[] = [];
  let all = false;
  const chainOf = (e: Node | undefined): string[] | undefined => {
    const k = e?.exprKind;
    if (k?.case === 'identExpr') return (k.value as { name: string }).name === 'self' ? [] : undefined;
    if (k?.case === 'selectExpr') {
      const v = k.value as { operand?: Node; field: string };
      const c = chainOf(v.operand);
      return c ? [...c, v.field] : undefined;
    }
    return undefined;
  };
  const visit = (x: unknown, inChain: boolean): void => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x) visit(y, false);
      return;
    }
    const n = x as Node;
    const c = n.exprKind ? chainOf(n) : undefined;
    if (c && !inChain) {
      if (c.length === 0) all = true;
      else out.push(c);
    }
    const k = n.exprKind;
    if (k?.case === 'selectExpr') {
      const v = k.value as { operand?: unknown };
      visit(v.operand, c !== undefined);
      return;
    }
    for (const v of Object.values(x)) visit(v, false);
  };
  visit(p.ast.expr, false);
  const r: Path[] | 'all' = all ? 'all' : out;
  chains.set(p, r);
  return r;
}

/** The part of `doc` the programs can read, as a plain JSON object (the whole document when one needs it all). */
export function visiblePart(doc: unknown, programs: readonly CelProgram[]): unknown {
  const paths: Path[] = [];
  for (const p of programs) {
    const c = selfChains(p);
    if (c === 'all') return doc;
    paths.push(...c);
  }
  const out: Record<string, unknown> = {};
  // Shorter chains last: a parent's whole subtree replaces what its children put there.
  for (const path of [...paths].sort((a, b) => b.length - a.length)) {
    const v = getAt(doc, path);
    if (v.found) setAt(out, path, v.value);
    else {
      // keep `has()` false and a missing field missing: set nothing, but keep the parents that exist
      for (let i = path.length - 1; i > 0; i--) {
        const parent = getAt(doc, path.slice(0, i));
        if (
          parent.found &&
          parent.value !== null &&
          typeof parent.value === 'object' &&
          !getAt(out, path.slice(0, i)).found
        ) {
          setAt(out, path.slice(0, i), Array.isArray(parent.value) ? parent.value : {});
          break;
        }
        if (parent.found) break;
      }
    }
  }
  return out;
}

/** The `self.a.b` chains the programs read, or 'all' when one reads `self` as a whole. */
export function readPaths(programs: readonly CelProgram[]): Path[] | 'all' {
  const out: Path[] = [];
  for (const p of programs) {
    const c = selfChains(p);
    if (c === 'all') return 'all';
    out.push(...c);
  }
  return out;
}
