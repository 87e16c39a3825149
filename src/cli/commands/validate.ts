// `validate --catalog SRC -f FILE|- [--version V] [--old FILE] [-o json]`: would the API server accept each
// document? Every document of a multi-document input (or List) is validated against its own kind and version
// (or V), with the CRD's schema and CEL rules; `--old` holds the objects as stored before (matched by kind,
// namespace and name) for transition rules and ratcheting. Documents of kinds the catalog lacks are noted, not
// judged. Exit: 0 every document accepted, 1 one rejected, 2 bad usage, unreadable input or a document that is
// not a resource (no apiVersion or kind).
import type { Catalog, Issue, ParsedDocument, ValidationIssue, Verdict } from '../../core/index.ts';
import {
  convertResource,
  findKindForDocument,
  formatIssue,
  formatPath,
  issue,
  validateDocument,
  validationVerdict,
  withRanges,
} from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { catalogVersions, hooksOf, inputName, loadCatalogFor, readDocuments } from './conversionArgs.ts';
import { CATALOG, FILE, JOBS, PROGRESS } from './options.ts';
import { eachJudged, HeldOutput, nestedJson, progressWanted, workersFor } from '../streamInput.ts';
import type { Judge } from '../parallel/judgeBatch.ts';
import { VerdictTally } from '../verdictSummary.ts';

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** `group/kind/namespace/name`: how an old object is matched to the new one. */
function identity(doc: unknown): string | undefined {
  if (!isObj(doc) || typeof doc.apiVersion !== 'string' || typeof doc.kind !== 'string' || !isObj(doc.metadata))
    return undefined;
  const group = doc.apiVersion.includes('/') ? doc.apiVersion.slice(0, doc.apiVersion.lastIndexOf('/')) : '';
  const ns = typeof doc.metadata.namespace === 'string' ? doc.metadata.namespace : '';
  return typeof doc.metadata.name === 'string' ? `${group}/${doc.kind}/${ns}/${doc.metadata.name}` : undefined;
}

/** The old object at the version being validated (the API server converts the stored object to it first). */
function oldAt(catalog: Catalog, old: unknown, version: string): unknown {
  const found = findKindForDocument(catalog, old);
  if (!found.version || found.version.name === version) return old;
  return convertResource(catalog, old, version, { hooks: hooksOf(catalog), fates: false }).output ?? old;
}

export interface DocumentReport {
  readonly index: number;
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly name?: string;
  /** The version validated against (absent when the catalog has no such kind). */
  readonly version?: string;
  readonly accepted: boolean;
  readonly issues: readonly ValidationIssue[];
}

/** Validate every parsed document; issues carry the file, source range and List-relative path. */
export function validateParsed(
  catalog: Catalog,
  docs: readonly ParsedDocument[],
  file: string,
  opts: { version?: string; old?: ReadonlyMap<string, unknown> } = {},
): DocumentReport[] {
  return docs.map((doc) => {
    const v = doc.value;
    const key = identity(v);
    const found = findKindForDocument(catalog, v);
    const version = opts.version ?? found.version?.name;
    const storedOld = key !== undefined ? opts.old?.get(key) : undefined;
    const old = storedOld !== undefined && version !== undefined ? oldAt(catalog, storedOld, version) : undefined;
    const r = validateDocument(catalog, v, {
      ...(opts.version !== undefined ? { version: opts.version } : {}),
      ...(old !== undefined ? { old } : {}),
    });
    // a List item's ranges are keyed from the item itself; its path in the file is prefixed after. The range is
    // read only for an issue that needs it (a spread would compute every object's ranges).
    const item: ParsedDocument = {
      index: doc.index,
      value: v,
      ranges: doc.ranges,
      get range() {
        return doc.range;
      },
    };
    const issues = withRanges(r.issues, item, file).map((i) => ({
      ...i,
      path: [...(doc.listPath ?? []), ...i.path],
    }));
    const meta = isObj(v) && isObj(v.metadata) ? v.metadata : undefined;
    return {
      index: doc.index,
      ...(isObj(v) && typeof v.apiVersion === 'string' ? { apiVersion: v.apiVersion } : {}),
      ...(isObj(v) && typeof v.kind === 'string' ? { kind: v.kind } : {}),
      ...(meta && typeof meta.name === 'string' ? { name: meta.name } : {}),
      ...(r.version ? { version: r.version.name } : {}),
      accepted: !issues.some((i) => i.severity === 'error'),
      issues,
    };
  });
}

/** One JSON-friendly issue: the path dotted (`spec.rules[0].matches`), line and column beside it. */
export function issueJson(i: ValidationIssue): Record<string, unknown> {
  return {
    code: i.code,
    message: i.message,
    path: formatPath(i.path),
    severity: i.severity,
    ...(i.rule !== undefined ? { rule: i.rule } : {}),
    ...(i.reason !== undefined ? { reason: i.reason } : {}),
    ...(i.file !== undefined ? { file: i.file } : {}),
    ...(i.range ? { line: i.range.start.line, col: i.range.start.col } : {}),
  };
}

export const validate = defineCommand({
  name: 'validate',
  summary: 'would the API server accept each resource? (schema, formats, CEL rules)',
  description:
    'Every document is validated against its own kind and version (or --version V) as apiextensions-apiserver\n' +
    "does: types, formats, enum, pattern, bounds, required, unknown fields, list types and the CRD's CEL rules.",
  options: [
    CATALOG,
    FILE,
    { name: '--version', value: 'V', help: "validate at version V instead of each document's own" },
    {
      name: '--old',
      value: 'FILE',
      help: 'the objects as stored before (matched by kind, namespace, name), for transition rules and ratcheting',
    },
    { name: '--output', alias: '-o', choices: ['text', 'json'], help: 'the report format (default text)' },
    ...PROGRESS,
    JOBS,
  ],
  exitCodes: { 0: 'every document accepted', 1: 'a document rejected', 2: BAD_INPUT },
  example: 'validate --catalog person-v1v2 -f src/catalogs/person-v1v2/example.yaml',
  run,
});

/** What validating needs, read from the arguments (the main thread's and each worker's); an exit code on failure. */
interface Setup {
  readonly catalog: Catalog;
  readonly version?: string;
  readonly old?: ReadonlyMap<string, unknown>;
  readonly json: boolean;
  /** How messages name the input. */
  readonly name: string;
}

async function setup(a: CommandArgs, io: CommandIO): Promise<Setup | number> {
  const { values } = a;
  const catalog = await loadCatalogFor('validate', values['--catalog'] as string, io);
  if (!catalog) return 2;
  const version = values['--version'];
  if (version !== undefined && !catalog.kinds.some((k) => k.versions.some((v) => v.name === version))) {
    io.err(
      `version-explorer validate: error UNKNOWN_VERSION: no kind in the catalog has a version '${version}' (${catalogVersions(catalog)})\n`,
    );
    return 2;
  }
  let old: Map<string, unknown> | undefined;
  if (values['--old'] !== undefined) {
    const read = await readDocuments(io, values['--old']);
    if (!read) return 2;
    old = new Map();
    for (const d of read.documents) {
      const k = identity(d.value);
      if (k !== undefined) old.set(k, d.value);
    }
  }
  const json = (values['--output'] ?? 'text') === 'json';
  const name = inputName(values['--file'] as string);
  return { catalog, json, name, ...(version !== undefined ? { version } : {}), ...(old ? { old } : {}) };
}

/** One document validated: what run() writes and counts for it (plain data: it may come from a worker). */
interface Validated {
  readonly kind?: string;
  readonly apiVersion?: string;
  /** Not a resource, or a catalog kind at a version it lacks: bad input. */
  readonly bad: boolean;
  /** Absent when the catalog has no such kind (nothing was validated). */
  readonly verdict?: Verdict;
  /** Its issues, a line each (stderr in text). */
  readonly lines: string;
  /** Its report (with -o json). */
  readonly json?: string;
}

function judgeWith(s: Setup): Judge<Validated> {
  return (doc) => {
    const [r] = validateParsed(s.catalog, [doc], s.name, {
      ...(s.version !== undefined ? { version: s.version } : {}),
      ...(s.old ? { old: s.old } : {}),
    }) as [DocumentReport];
    return {
      ...(r.kind !== undefined ? { kind: r.kind } : {}),
      ...(r.apiVersion !== undefined ? { apiVersion: r.apiVersion } : {}),
      bad: r.issues.some((i) => BAD.has(i.code)),
      ...(r.version !== undefined ? { verdict: validationVerdict(r.version, r.issues) } : {}),
      lines: r.issues.map((i) => `${formatIssue(i)}\n`).join(''),
      ...(s.json ? { json: nestedJson(reportJson(r), 2) } : {}),
    };
  };
}

/** The judge a worker runs: the same setup, the same judge. */
export const validateJudge = async (a: CommandArgs, io: CommandIO): Promise<Judge<Validated> | undefined> => {
  const s = await setup(a, io);
  return typeof s === 'number' ? undefined : judgeWith(s);
};

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const workers = workersFor('validate', a);
  if (typeof workers === 'string') return a.usageError(workers);
  const s = await setup(a, io);
  if (typeof s === 'number') return s;
  const { catalog, json, name } = s;
  // Each document validated and written as it is read (a whole cluster's objects never gather in memory).
  const out = new HeldOutput(io.out);
  const tally = new VerdictTally();
  const unknown: Validated[] = [];
  let badInput = false;
  const apply = (r: Validated, dio: CommandIO): void => {
    tally.read++;
    if (r.bad) badInput = true;
    if (r.verdict) tally.add(r.verdict);
    else if (tally.judged === 0 && unknown.length < 1000) {
      // held until something is validated: alone, they go with NOTHING_VALIDATED
      unknown.push(r);
      if (!json) return;
    }
    if (json) out.out(`${tally.read === 1 ? '{\n  "documents": [\n    ' : ',\n    '}${r.json}`);
    // Nothing validated at all is bad input: its notes are printed with the error that says so
    else {
      for (const u of unknown.splice(0)) dio.err(u.lines);
      dio.err(r.lines);
    }
  };
  const file = a.values['--file'] as string;
  const run = await eachJudged(io, file, progressWanted(io, a.flags, json), { judge: judgeWith(s), apply, workers });
  if (run.bad) {
    out.discard();
    return 2;
  }
  // Nothing validated (only kinds the catalog lacks: a typo such as `HTTPRoue`, or a CRD given as the resource) is
  // bad input, as convert's NOTHING_CONVERTED: never "1 document accepted".
  if (tally.judged === 0) {
    out.discard();
    for (const r of unknown) io.err(r.lines);
    io.err(`${formatIssue(nothingValidated(catalog, unknown, name))}\n`);
    return 2;
  }
  const accepted = tally.json().rejected === 0;
  if (json) out.out(`\n  ],\n  "accepted": ${accepted},\n  "summary": ${nestedJson(tally.json(), 1)}\n}\n`);
  else {
    const n = tally.json().rejected;
    const docs = `${tally.read} document${tally.read === 1 ? '' : 's'}`;
    out.out(accepted ? `${docs} accepted\n` : `${n} of ${docs} rejected\n`);
  }
  out.flush();
  if (!json) io.err(`${tally.text()}\n`);
  // A document that is not a resource at all (no apiVersion or kind), or a catalog kind at a version it lacks, is
  // bad input, as for `convert`.
  if (badInput) return 2;
  return accepted ? 0 : 1;
}

const BAD = new Set(['NOT_AN_OBJECT', 'MISSING_API_VERSION', 'MISSING_KIND', 'UNKNOWN_VERSION']);

const reportJson = (r: DocumentReport) => ({ ...r, issues: r.issues.map(issueJson) });

function nothingValidated(
  catalog: Catalog,
  reports: readonly Pick<DocumentReport, 'kind' | 'apiVersion'>[],
  file: string,
): Issue {
  const crd = reports.some(
    (r) => r.kind === 'CustomResourceDefinition' && r.apiVersion?.startsWith('apiextensions.k8s.io/'),
  );
  const has = catalog.kinds.map((k) => `${k.group}/${k.kind}`).join(', ');
  return issue(
    'error',
    'NOTHING_VALIDATED',
    `no document is of a kind and version in the catalog (it has: ${has})${crd ? '; a CustomResourceDefinition belongs in --catalog' : ''}`,
    [],
    { file },
  );
}
