// `diff --storage deployed --webhook URL`: the version pair with a running webhook as the conversion. The schemas
// say which fields a write at V1 and a read at V2 drop when nothing carries them; the webhook may carry them
// elsewhere. Instances generated from V1's schema go V1 -> stored -> read at V2 -> written back at V2 -> read
// at V1 through the webhook (each conversion a real ConversionReview, judged as the API server judges it): a
// dropped field that came back is carried by the webhook, one that did not stays dropped, and a field both
// schemas keep that did not come back is lost by the webhook.
import type { Catalog, ExternalConverter, Kind, Path, Verdict, Version, VersionPairReport } from '../../core/index.ts';
import {
  deployedVersionPair,
  deployedVersions,
  findKind,
  issue,
  jsonDifferences,
  runDeployed,
  verdictOf,
  verdictsSummary,
} from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import { closeWith, verdictJson } from '../verdictSummary.ts';
import { hooksOf, printIssues, stableJson } from './conversionArgs.ts';
import { formatVersionPair } from './deployedCommands.ts';

/** Instances per diff: enough to reach every optional field of a typical CRD at depth 4, few enough to be quick. */
export const DIFF_WEBHOOK_INSTANCES = 40;

export interface WebhookPairReport extends VersionPairReport {
  /** Instances sent through the webhook (both ways). */
  readonly checked: number;
  /** Fields the schemas drop that the webhook carried there and back. */
  readonly carriedByWebhook: readonly (readonly string[])[];
  /** Fields (as schema paths, `*` for items) that did not come back and the schemas do not explain. */
  readonly lostByWebhook: readonly (readonly string[])[];
  /** Why the API server fails a request through this webhook (first few). */
  readonly webhookFailures: readonly string[];
}

type Obj = Record<string, unknown>;

const matchesSchemaPath = (concrete: Path, schema: readonly string[]): boolean =>
  schema.length <= concrete.length && schema.every((s, i) => s === '*' || s === String(concrete[i]));

const generalise = (p: Path, drops: readonly (readonly string[])[]): string[] => {
  const hit = drops.find((d) => matchesSchemaPath(p, d));
  return hit ? [...hit] : p.map((s) => (typeof s === 'number' ? '*' : s));
};

function valueAt(doc: unknown, path: Path): unknown {
  let v: unknown = doc;
  for (const k of path)
    v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined;
  return v;
}

/** Whether any part of `doc` lies under the schema path `p`. */
function reaches(doc: unknown, p: readonly string[], at = 0): boolean {
  if (at === p.length) return doc !== undefined && doc !== null;
  if (doc === null || typeof doc !== 'object') return false;
  const seg = p[at] as string;
  const children =
    seg === '*' ? Object.values(doc) : Object.hasOwn(doc, seg) ? [(doc as Record<string, unknown>)[seg]] : [];
  return children.some((c) => reaches(c, p, at + 1));
}

/** The pair's report through the webhook (`report` is the schemas' view of the same pair). */
export async function diffThroughWebhook(
  catalog: Catalog,
  kind: Kind,
  report: VersionPairReport,
  external: ExternalConverter,
  seed = 1,
): Promise<WebhookPairReport> {
  const fc = (await import('fast-check')).default;
  const { arbitraryInstance } = await import('../../core/testing/arbitrary.ts');
  const versions = deployedVersions(kind);
  const V = versions.find((v) => v.name === report.from) as Version;
  const T = versions.find((v) => v.name === report.to) as Version;
  const docs = fc.sample(arbitraryInstance(catalog, kind, V, { maxDepth: 4, maxItems: 2 }), {
    numRuns: DIFF_WEBHOOK_INSTANCES,
    seed,
  });
  const drops = [...report.droppedOnWrite, ...report.droppedOnRead];
  const exercised = new Set<string>();
  const lost = new Map<string, readonly string[]>();
  const failures = new Set<string>();
  const opts = { fates: false, validate: false, hooks: hooksOf(catalog), conversion: 'Webhook' as const, external };
  for (const doc of docs as Obj[]) {
    const there = runDeployed(catalog, kind, V, doc, T, opts);
    const back = there.rejected ? undefined : runDeployed(catalog, kind, T, there.target, V, opts);
    const rejections = (back ?? there).rejections.filter((x) => x.issue.code === 'CONVERSION_WEBHOOK_FAILED');
    for (const x of rejections) if (failures.size < 3) failures.add(x.issue.message);
    if (!back || back.rejected) continue;
    for (const d of drops) if (reaches(doc, d)) exercised.add(JSON.stringify(d));
    for (const p of jsonDifferences(doc, back.target, [], [], 1000)) {
      const v = valueAt(doc, p);
      if (v === undefined || v === null || p[0] === 'metadata') continue;
      const g = generalise(p, drops);
      lost.set(JSON.stringify(g), g);
    }
  }
  const isLost = (d: readonly string[]) => lost.has(JSON.stringify(d));
  const carried = (d: readonly string[]) => exercised.has(JSON.stringify(d)) && !isLost(d);
  const droppedOnWrite = report.droppedOnWrite.filter((d) => !carried(d));
  const droppedOnRead = report.droppedOnRead.filter((d) => !carried(d));
  const lostByWebhook = [...lost.values()].filter((p) => !drops.some((d) => JSON.stringify(d) === JSON.stringify(p)));
  // The webhook ran: nothing is left for an undescribed webhook to decide.
  const { undetermined: _decided, ...schemas } = report;
  return {
    ...schemas,
    conversion: 'Webhook',
    checked: docs.length,
    droppedOnWrite,
    droppedOnRead,
    carriedByWebhook: drops.filter(carried),
    lostByWebhook,
    webhookFailures: [...failures],
    lossless: droppedOnWrite.length + droppedOnRead.length + lostByWebhook.length + failures.size === 0,
  };
}

/** Lines to add under the pair's text report. */
export function webhookPairLines(r: WebhookPairReport): string {
  const lines = [
    `  through the webhook: ${r.checked} generated instances written at ${r.from}, read at ${r.to} and back`,
  ];
  for (const p of r.carriedByWebhook) lines.push(`  carried by the webhook  ${p.join('.')}`);
  for (const p of r.lostByWebhook) lines.push(`  lost by the webhook  ${p.join('.')}`);
  for (const f of r.webhookFailures) lines.push(`  the API server fails the request: ${f}`);
  return `${lines.join('\n')}\n`;
}

/** The pair's verdict through the webhook: what it loses or the schemas drop, and the requests the server fails. */
export function webhookPairVerdict(r: WebhookPairReport): Verdict {
  const lost = (paths: readonly (readonly string[])[], on: 'write' | 'read', by: string, why: string) =>
    paths.map((p) => ({ path: [...p], on, by, why }));
  return verdictOf({
    view: 'deployed',
    from: r.from,
    stored: r.storage,
    to: r.to,
    rejections: r.webhookFailures.map((m) => ({
      on: 'write' as const,
      issue: issue('error', 'CONVERSION_WEBHOOK_FAILED', m),
    })),
    lost: [
      ...lost(r.droppedOnWrite, 'write', r.storage, `${r.storage} has no such field`),
      ...lost(r.droppedOnRead, 'read', r.to, `${r.to} has no such field`),
      ...lost(r.lostByWebhook, 'read', r.to, 'the webhook did not bring it back'),
    ],
    undetermined: [],
    bagged: 0,
  });
}

/** `diff` in the deployed view with `--webhook`: the pair's report through the webhook, as text or JSON. */
export async function printDiffThroughWebhook(
  catalog: Catalog,
  a: { kind: string; from: string; to: string | undefined; json: boolean },
  external: ExternalConverter,
  io: CommandIO,
): Promise<number> {
  // The schemas' drops when nothing carries a field (conversion None); the webhook then says what it carries.
  const { report: pair, issues } = deployedVersionPair(catalog, a.kind, a.from, a.to, 'None');
  printIssues(io, issues);
  if (!pair) return 2;
  const r = await diffThroughWebhook(catalog, findKind(catalog, a.kind) as Kind, pair, external);
  const v = verdictsSummary([webhookPairVerdict(r)]);
  if (a.json) io.out(stableJson({ ...r, verdict: verdictJson(v) }));
  else {
    // the schemas' note that a webhook is not modelled does not hold here: it ran
    const text = formatVersionPair(r, false, v.status).replace(/^ {2}note: a webhook may keep .*\n/m, '');
    io.out(text + webhookPairLines(r));
  }
  return closeWith(io, v, a.json);
}
