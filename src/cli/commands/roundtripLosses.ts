// What a write at a version and the reads at every served version lose As deployed (`roundtrip`): the one function
// the samples (roundtripSamples.ts, in any thread) and the generated instances (deployedCommands.ts) go through.
import type {
  Catalog,
  CheckVerdict,
  ConversionStrategy,
  DeployedResult,
  ExternalConverter,
  Kind,
  RuleSet,
  VerdictStatus,
  Version,
} from '../../core/index.ts';
import { asCheck, deployedVerdict, deployedVersions, formatPath, runDeployed } from '../../core/index.ts';
import { hooksOf } from './conversionArgs.ts';
import { webhookLosses } from '../webhook/webhookOption.ts';

/** How the pipeline converts: the CRD's strategy (or the user's), the rules as the webhook, or a running webhook. */
export interface LossOptions {
  readonly conversion?: ConversionStrategy;
  /** The operator's conversion as rules: the webhook (conversion defaults to Webhook). */
  readonly rules?: RuleSet;
  /** `--webhook`: a running webhook is the conversion. */
  readonly external?: ExternalConverter;
}

export interface Loss {
  readonly source: string;
  readonly readAt: string;
  readonly droppedOnWrite: readonly string[];
  readonly droppedOnRead: readonly string[];
  readonly rejected: boolean;
  /** What fails the request (INVALID_METADATA, CONVERSION_INVALID_METADATA), when rejected. */
  readonly rejectedBy?: readonly string[];
  /** `--webhook`: fields of the input that a running webhook did not give back (written and read at V). */
  readonly lostByWebhook?: readonly string[];
  /** `--webhook`: why the API server fails the request (the webhook's failure, or what it refuses in the answer). */
  readonly webhookFailures?: readonly string[];
}

export interface RoundtripResult {
  kind: string;
  version: string;
  storage: string;
  conversion: ConversionStrategy;
  source: 'samples' | 'fuzz';
  checked: number;
  readAt: string[];
  losses: Loss[];
  /** Core's verdict of this kind and version's round trips (the worst of them). */
  status: VerdictStatus;
}

/** Write at V, read at V and at every other served version: what is lost on the way. */
export function lossesOf(
  catalog: Catalog,
  kind: Kind,
  from: Version,
  doc: Record<string, unknown>,
  source: string,
  o: LossOptions,
  /** false for generated instances: the generator does not promise what V's schema and rules accept */
  validate = true,
  /** Receives core's verdict of each write at V and read (the summary line and the exit code are theirs). */
  verdicts: CheckVerdict[] = [],
): Loss[] {
  const conversion = o.conversion ?? (o.rules ? 'Webhook' : undefined);
  const out: Loss[] = [];
  const reads = [from, ...deployedVersions(kind).filter((v) => v.served && v !== from)];
  for (const t of reads) {
    const r: DeployedResult = runDeployed(catalog, kind, from, doc, t, {
      fates: false,
      validate,
      hooks: hooksOf(catalog),
      ...(conversion ? { conversion } : {}),
      ...(o.rules ? { rules: o.rules } : {}),
      ...(o.external ? { external: o.external } : {}),
    });
    const webhook = o.external ? webhookLosses(doc, r, t === from) : {};
    const verdict = asCheck(deployedVerdict({ result: r }));
    // a running webhook that did not give back what it was sent lost it (written and read at V)
    verdicts.push(
      webhook.lostByWebhook && verdict.status !== 'rejected'
        ? { status: 'lossy', headline: `Lossy: the webhook loses ${webhook.lostByWebhook.join(', ')}` }
        : verdict,
    );
    const paths = (kind: string): string[] => r.fates.filter((f) => f.kind === kind).map((f) => formatPath(f.path));
    const droppedOnWrite = paths('dropped-on-write');
    const droppedOnRead = paths('dropped-on-read');
    const rejectedBy = [...new Set(r.rejections.map((x) => x.issue.code))];
    if (droppedOnWrite.length + droppedOnRead.length > 0 || r.rejected || webhook.lostByWebhook)
      out.push({
        source,
        readAt: t.name,
        droppedOnWrite,
        droppedOnRead,
        rejected: r.rejected,
        ...(r.rejected ? { rejectedBy } : {}),
        ...webhook,
      });
  }
  return out;
}
