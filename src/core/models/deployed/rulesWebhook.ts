// A conversion webhook whose code is the rules: each object of a ConversionReview converted as `rules apply`
// converts it (convertWithRules), its metadata checked and restored as the API server would, and the whole
// review answered Success with every object in order, or Failure with the first reason (never a partial answer).
import { splitApiVersion } from '../../catalog/findKindForDocument.ts';
import { formatPath } from '../../model/issue.ts';
import type { Catalog } from '../../model/model.ts';
import { convertWithRules } from '../../rules/convertWithRules.ts';
import type { RuleSet } from '../../rules/format.ts';
import {
  conversionResponse,
  isBadReview,
  readConversionRequest,
  type ConversionRequest,
  type ReviewLimits,
} from './conversionReview.ts';
import { restoreObjectMeta, validateConvertedObject } from './webhookConversion.ts';

export interface RulesWebhookAnswer {
  /** The ConversionReview to send back; absent when the body is not a ConversionReview at all (a 400). */
  readonly review?: Record<string, unknown>;
  readonly status: 'Success' | 'Failure';
  /** Objects converted (0 on a Failure). */
  readonly converted: number;
  readonly message?: string;
  readonly uid?: string;
  readonly desiredAPIVersion?: string;
}

export interface RulesWebhookLimits extends ReviewLimits {
  /** Checked between objects: true once the request has taken longer than allowed (a Failure). */
  readonly overTime?: () => boolean;
}

type Obj = Record<string, unknown>;

const describe = (o: Obj, i: number): string => {
  const m = o.metadata !== null && typeof o.metadata === 'object' ? (o.metadata as Obj) : {};
  const name = typeof m.name === 'string' ? m.name : '';
  const ns = typeof m.namespace === 'string' && m.namespace !== '' ? `${m.namespace}/` : '';
  return `objects[${i}] (${typeof o.kind === 'string' ? o.kind : '?'} ${ns}${name})`;
};

/** One object converted as the rules say, or why it cannot be. */
export function convertObjectWithRules(
  catalog: Catalog,
  ruleSet: RuleSet,
  obj: Obj,
  desiredAPIVersion: string,
): { readonly doc: Obj } | { readonly failure: string } {
  const desired = splitApiVersion(desiredAPIVersion);
  const r = convertWithRules(catalog, ruleSet, obj, desired.version);
  const err = r.issues.find((i) => i.severity === 'error');
  if (!r.doc || !r.kind || err) {
    const i = err ?? r.issues[0];
    return { failure: i ? `${i.code}${i.path.length > 0 ? ` at ${formatPath(i.path)}` : ''}: ${i.message}` : 'no doc' };
  }
  if (r.kind.group !== desired.group)
    return { failure: `desiredAPIVersion ${desiredAPIVersion} is not a version of the object's group ${r.kind.group}` };
  const doc = r.doc;
  // The server refuses these; failing here says why instead of a converted object the server would reject.
  const bad = validateConvertedObject(obj, doc) ?? restoreObjectMeta(obj, doc);
  if (bad)
    return {
      failure: `the conversion changed metadata the API server refuses: ${bad.problem} at ${bad.path.join('.')}`,
    };
  return { doc };
}

/** The answer to a parsed request body. */
export function answerWithRules(
  catalog: Catalog,
  ruleSet: RuleSet,
  body: unknown,
  limits: RulesWebhookLimits,
): RulesWebhookAnswer {
  const req = readConversionRequest(body, limits);
  if (isBadReview(req)) {
    if (req.uid === undefined || req.version === undefined)
      return { status: 'Failure', converted: 0, message: req.reason };
    return fail(req.version, req.uid, undefined, req.reason);
  }
  return answerRequest(catalog, ruleSet, req, limits);
}

function fail(
  version: ConversionRequest['version'],
  uid: string,
  desired: string | undefined,
  message: string,
): RulesWebhookAnswer {
  return {
    review: conversionResponse(version, uid, { failure: message }),
    status: 'Failure',
    converted: 0,
    message,
    uid,
    ...(desired !== undefined ? { desiredAPIVersion: desired } : {}),
  };
}

function answerRequest(
  catalog: Catalog,
  ruleSet: RuleSet,
  req: ConversionRequest,
  limits: RulesWebhookLimits,
): RulesWebhookAnswer {
  const out: Obj[] = [];
  for (const [i, obj] of req.objects.entries()) {
    if (limits.overTime?.())
      return fail(
        req.version,
        req.uid,
        req.desiredAPIVersion,
        `the conversion took longer than allowed (at ${describe(obj, i)})`,
      );
    let r: ReturnType<typeof convertObjectWithRules>;
    try {
      r = convertObjectWithRules(catalog, ruleSet, obj, req.desiredAPIVersion);
    } catch (e) {
      // A bug or an exhausted stack must fail this request, never the webhook.
      r = { failure: `internal error: ${e instanceof Error ? e.message : String(e)}` };
    }
    if ('failure' in r) return fail(req.version, req.uid, req.desiredAPIVersion, `${describe(obj, i)}: ${r.failure}`);
    out.push(r.doc);
  }
  return {
    review: conversionResponse(req.version, req.uid, { objects: out }),
    status: 'Success',
    converted: out.length,
    uid: req.uid,
    desiredAPIVersion: req.desiredAPIVersion,
  };
}
