// CEL library comparison (docs/cel.md): cel-spec conformance pass rate, gzip bundle size of a minimal import, speed
// on a Kubernetes-style rule. Not part of `npm run bench` (it lives in a subfolder): the candidates other than the
// chosen one are not project dependencies. Run:
//   npm i --no-save @marcbachmann/cel-js@8.0.0 cel-js@0.8.2   (or CEL_CANDIDATES=/dir/with/node_modules)
//   node --import tsx bench/cel/compare.ts
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRegistry, type Registry } from '@bufbuild/protobuf';
import { anyUnpack } from '@bufbuild/protobuf/wkt';
import { getConformanceSuite, type IncrementalTestSuite } from '@bufbuild/cel-spec/testdata/tests.js';
import { getTestRegistry } from '@bufbuild/cel-spec/testdata/registry.js';
import type { Value } from '@bufbuild/cel-spec/cel/expr/value_pb.js';
import type { SimpleTest } from '@bufbuild/cel-spec/cel/expr/conformance/test/simple_pb.js';
import * as bufcel from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';

const root = path.resolve(import.meta.dirname, '../..');
const candidatesDir = process.env.CEL_CANDIDATES ?? root;
const req = createRequire(path.join(candidatesDir, 'package.json'));

interface Candidate {
  readonly name: string;
  readonly entry: string;
  /** Evaluate; return the value or throw. Bindings: plain JS (bigint ints, number doubles) or proto messages. */
  evaluate(expr: string, bindings: Record<string, unknown>, container: string): unknown;
  compile(expr: string): (b: Record<string, unknown>) => unknown;
}

const registry: Registry = getTestRegistry();

function bufCandidate(): Candidate {
  const env = (container: string) => bufcel.celEnv({ registry, namespace: container || undefined, funcs: strings });
  const envs = new Map<string, ReturnType<typeof env>>();
  const envFor = (c: string) => envs.get(c) ?? (envs.set(c, env(c)), envs.get(c)!);
  return {
    name: '@bufbuild/cel',
    entry: '@bufbuild/cel',
    evaluate(expr, bindings, container) {
      const v = bufcel.plan(envFor(container), bufcel.parse(expr))(bindings as never);
      if (bufcel.isCelError(v)) throw new Error(v.message);
      return v;
    },
    compile(expr) {
      const p = bufcel.plan(envFor(''), bufcel.parse(expr));
      return (b) => p(b as never);
    },
  };
}

/** @bufbuild/cel as Version Explorer runs it: Kubernetes' syntax (optionals, two-variable comprehensions) and libraries. */
async function explorerCandidate(): Promise<Candidate> {
  const { parseK8s } = await import('../../src/core/cel/syntax.ts');
  const { kubernetesFunctions, re2Engine } = await import('../../src/core/cel/k8sLibrary.ts');
  const { opaqueRegistry } = await import('../../src/core/cel/opaque.ts');
  const reg = createRegistry(registry, opaqueRegistry());
  const funcs = [...kubernetesFunctions()];
  const envs = new Map<string, bufcel.CelEnv>();
  const envFor = (c: string): bufcel.CelEnv => {
    let e = envs.get(c);
    if (!e) {
      e = bufcel.celEnv({ registry: reg, namespace: c || undefined, funcs, re2: re2Engine });
      envs.set(c, e);
    }
    return e;
  };
  return {
    name: 'Version Explorer (@bufbuild/cel + Kubernetes environment)',
    entry: '@bufbuild/cel',
    evaluate(expr, bindings, container) {
      const v = bufcel.plan(envFor(container), parseK8s(expr))(bindings as never);
      if (bufcel.isCelError(v)) throw new Error(v.message);
      return v;
    },
    compile(expr) {
      const p = bufcel.plan(envFor(''), parseK8s(expr));
      return (b) => p(b as never);
    },
  };
}

async function load(spec: string): Promise<Record<string, unknown> | undefined> {
  try {
    return (await import(pathToFileURL(req.resolve(spec)).href)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

type EvalFn = (expr: string, ctx?: Record<string, unknown>) => unknown;
type ParseFn = (expr: string) => (ctx?: Record<string, unknown>) => unknown;

async function marcCandidate(): Promise<Candidate | undefined> {
  const m = await load('@marcbachmann/cel-js');
  if (!m) return undefined;
  const evaluate = m.evaluate as EvalFn;
  const parse = m.parse as ParseFn;
  return {
    name: '@marcbachmann/cel-js',
    entry: '@marcbachmann/cel-js',
    evaluate: (expr, b) => evaluate(expr, b),
    compile: (expr) => parse(expr),
  };
}

async function celJsCandidate(): Promise<Candidate | undefined> {
  const m = await load('cel-js');
  if (!m) return undefined;
  const evaluate = m.evaluate as EvalFn;
  const parse = m.parse as (e: string) => { isSuccess: boolean; cst: unknown };
  return {
    name: 'cel-js',
    entry: 'cel-js',
    // cel-js has no bigint ints: give it numbers.
    evaluate: (expr, b) => evaluate(expr, toNumbers(b) as Record<string, unknown>),
    compile(expr) {
      const cst = parse(expr).cst;
      return (b) => (evaluate as unknown as (c: unknown, x: unknown) => unknown)(cst, toNumbers(b));
    },
  };
}

function toNumbers(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(toNumbers);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [String(k), toNumbers(x)]));
  if (v && typeof v === 'object' && !(v instanceof Uint8Array) && !('$typeName' in v))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toNumbers(x)]));
  return v;
}

/** A conformance Value as a plain JS input; messages stay messages (only @bufbuild/cel reads them). */
function valueToJs(v: Value): unknown {
  const k = v.kind;
  switch (k.case) {
    case 'nullValue':
      return null;
    case 'boolValue':
    case 'stringValue':
    case 'doubleValue':
      return k.value;
    case 'int64Value':
      return k.value;
    case 'uint64Value':
      return bufcel.celUint(k.value);
    case 'bytesValue':
      return k.value;
    case 'listValue':
      return k.value.values.map(valueToJs);
    case 'mapValue':
      return new Map(k.value.entries.map((e) => [valueToJs(e.key!), valueToJs(e.value!)]));
    case 'objectValue': {
      const m = anyUnpack(k.value, registry);
      if (!m) throw new Error('unknown Any');
      return m;
    }
    case 'enumValue':
      return BigInt(k.value.value);
    default:
      throw new Error(`unsupported value ${k.case}`);
  }
}

/** Structural equality of a library's result with the expected conformance Value (tolerant of representation). */
function matches(actual: unknown, want: Value): boolean {
  const k = want.kind;
  const num = (a: unknown): bigint | number | undefined => {
    if (typeof a === 'bigint' || typeof a === 'number') return a;
    if (a && typeof a === 'object') {
      const o = a as { value?: unknown; _value?: unknown };
      const inner = o._value ?? o.value;
      if (typeof inner === 'bigint' || typeof inner === 'number') return inner;
    }
    return undefined;
  };
  switch (k.case) {
    case 'nullValue':
      return actual === null;
    case 'boolValue':
    case 'stringValue':
      return actual === k.value;
    case 'doubleValue':
      return (
        typeof actual === 'number' &&
        (Object.is(actual, k.value) || actual === k.value || (isNaN(actual) && isNaN(k.value)))
      );
    case 'int64Value':
    case 'uint64Value': {
      const a = num(actual);
      return a !== undefined && BigInt(a) === k.value;
    }
    case 'enumValue': {
      const a = num(actual);
      return a !== undefined && BigInt(a) === BigInt(k.value.value);
    }
    case 'bytesValue':
      return actual instanceof Uint8Array && Buffer.from(actual).equals(Buffer.from(k.value));
    case 'listValue': {
      if (actual === null || typeof actual !== 'object' || !(Symbol.iterator in actual)) return false;
      const xs = [...(actual as Iterable<unknown>)];
      return xs.length === k.value.values.length && xs.every((x, i) => matches(x, k.value.values[i]!));
    }
    case 'mapValue': {
      const entries = mapEntries(actual);
      if (!entries || entries.length !== k.value.entries.length) return false;
      return k.value.entries.every((e) => entries.some(([ak, av]) => matches(ak, e.key!) && matches(av, e.value!)));
    }
    case 'typeValue':
      return typeof actual === 'object' && actual !== null && typeName(actual) === k.value;
    case 'objectValue': {
      const m = anyUnpack(k.value, registry);
      return m !== undefined && deepEq(actual, m);
    }
    default:
      return false;
  }
}

function typeName(t: object): string {
  const o = t as { name?: unknown; typeName?: unknown };
  return String(o.typeName ?? o.name ?? String(t));
}

function mapEntries(a: unknown): [unknown, unknown][] | undefined {
  if (a instanceof Map) return [...a];
  if (bufcel.isCelMap(a)) return [...a.entries()] as [unknown, unknown][];
  if (a && typeof a === 'object' && !Array.isArray(a)) return Object.entries(a);
  return undefined;
}

function deepEq(a: unknown, b: unknown): boolean {
  const strip = (x: unknown): unknown =>
    JSON.parse(
      JSON.stringify(x, (_k, v: unknown) =>
        typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? [...v] : v,
      ),
    ) as unknown;
  const ma = a && typeof a === 'object' && 'message' in a ? (a as { message: unknown }).message : a;
  return JSON.stringify(strip(ma)) === JSON.stringify(strip(b));
}

interface Tally {
  pass: number;
  fail: number;
  bySection: Map<string, [number, number]>;
}

function runSuite(c: Candidate, suite: IncrementalTestSuite, t: Tally, prefix: string): void {
  const name = prefix ? `${prefix}/${suite.name}` : suite.name;
  for (const s of suite.suites) runSuite(c, s, t, prefix === '' && suite.name === 'conformance' ? '' : name);
  for (const test of suite.tests) {
    const ok = runTest(c, test.original);
    const section = name.split('/')[0] ?? name;
    const cur = t.bySection.get(section) ?? [0, 0];
    cur[ok ? 0 : 1]++;
    t.bySection.set(section, cur);
    if (ok) t.pass++;
    else t.fail++;
  }
}

function runTest(c: Candidate, test: SimpleTest): boolean {
  if (test.checkOnly) return true; // type-check-only cases: no evaluation to compare (counted as passed for all alike)
  let bindings: Record<string, unknown>;
  try {
    bindings = Object.fromEntries(
      Object.entries(test.bindings).map(([k, ev]) => {
        if (ev.kind.case !== 'value') throw new Error('non-value binding');
        return [k, valueToJs(ev.kind.value)];
      }),
    );
  } catch {
    return false;
  }
  const m = test.resultMatcher;
  let got: unknown;
  let threw = false;
  try {
    got = c.evaluate(test.expr, bindings, test.container);
  } catch {
    threw = true;
  }
  switch (m.case) {
    case 'evalError':
    case 'anyEvalErrors':
      return threw;
    case 'value':
      return !threw && matches(got, m.value);
    case undefined:
      return !threw && got === true; // default expectation: true
    default:
      return false; // unknowns, typed results
  }
}

async function gzipSize(entry: string, code: string): Promise<number> {
  const out = await build({
    stdin: { contents: code, resolveDir: candidatesDir === root ? root : candidatesDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  void entry;
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const RULE =
  'self.all(l1, !has(l1.port) || self.exists_one(l2, has(l2.port) && l1.port == l2.port && l1.protocol == l2.protocol && (has(l1.hostname) && has(l2.hostname) ? l1.hostname == l2.hostname : !has(l1.hostname) && !has(l2.hostname))))';
const DATA = {
  self: Array.from({ length: 16 }, (_, i) => ({
    name: `l${i}`,
    port: BigInt(8000 + i),
    protocol: 'HTTP',
    hostname: `h${i}.example.com`,
  })),
};

const candidates = [bufCandidate(), await explorerCandidate(), await marcCandidate(), await celJsCandidate()].filter(
  (c) => c !== undefined,
);
const suite = getConformanceSuite();
const usage: Record<string, string> = {
  '@bufbuild/cel':
    "import { parse, plan, celEnv } from '@bufbuild/cel'; import { strings } from '@bufbuild/cel/ext'; console.log(parse, plan, celEnv, strings);",
  '@marcbachmann/cel-js': "import { Environment } from '@marcbachmann/cel-js'; console.log(Environment);",
  'cel-js': "import { evaluate, parse } from 'cel-js'; console.log(evaluate, parse);",
};
usage['Version Explorer (@bufbuild/cel + Kubernetes environment)'] = usage['@bufbuild/cel'] ?? '';
for (const c of candidates) {
  const t: Tally = { pass: 0, fail: 0, bySection: new Map() };
  runSuite(c, suite, t, '');
  const total = t.pass + t.fail;
  const size = await gzipSize(c.entry, usage[c.name]!);
  const prog = c.compile(RULE);
  if (prog(DATA) !== true && (prog(DATA) as { value?: unknown } | undefined)?.value !== true)
    console.log(`  (rule result: ${String(prog(DATA))})`);
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    for (let j = 0; j < 20; j++) prog(DATA);
    times.push((performance.now() - t0) / 20);
  }
  const compileTimes: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    c.compile(RULE);
    compileTimes.push(performance.now() - t0);
  }
  console.log(
    `${c.name}: conformance ${t.pass}/${total} (${((100 * t.pass) / total).toFixed(1)}%), gzip ${(size / 1024).toFixed(1)} kB, ` +
      `compile ${median(compileTimes).toFixed(3)} ms, evaluate ${median(times).toFixed(3)} ms (16 listeners, O(n²) rule)`,
  );
  if (process.argv.includes('--sections'))
    for (const [s, [p, f]] of [...t.bySection].sort()) console.log(`    ${s}: ${p}/${p + f}`);
}
