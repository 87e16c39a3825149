// The ConversionReview protocol (apiextensions.k8s.io v1 and v1beta1) between the API server and a conversion
// webhook: reading a request as a webhook does, building the answer, and checking an answer as the API server
// does (webhook_converter.go `getConvertedObjectsFromResponse` and `Convert`). Plain JSON values, no transport.
import { MAX_DEPTH, valueProblemAt } from '../../model/depth.ts';
import { deepClone } from '../../model/jsonValue.ts';
import { isPlainObject } from './schemaNode.ts';
import { restoreObjectMeta, validateConvertedObject, type RestoreError } from './webhookConversion.ts';

export const REVIEW_GROUP = 'apiextensions.k8s.io';
export type ReviewVersion = 'v1' | 'v1beta1';

export interface ConversionRequest {
  readonly version: ReviewVersion;
  readonly uid: string;
  readonly desiredAPIVersion: string;
  readonly objects: readonly Record<string, unknown>[];
}

/** Why a body is not a request a webhook can answer; `uid` and `version` when they could be read (a Failure). */
export interface BadReview {
  readonly reason: string;
  readonly uid?: string;
  readonly version?: ReviewVersion;
}

export interface ReviewLimits {
  /** Objects per request (the API server sends a whole list page in one request). */
  readonly maxObjects: number;
  readonly maxDepth?: number;
}

const reviewVersion = (x: unknown): ReviewVersion | undefined =>
  x === `${REVIEW_GROUP}/v1` ? 'v1' : x === `${REVIEW_GROUP}/v1beta1` ? 'v1beta1' : undefined;

/** A parsed body as a ConversionReview request, or why not. */
export function readConversionRequest(body: unknown, limits: ReviewLimits): ConversionRequest | BadReview {
  if (!isPlainObject(body)) return { reason: 'the body is not a JSON object' };
  const version = reviewVersion(body.apiVersion);
  if (!version) return { reason: `apiVersion must be ${REVIEW_GROUP}/v1 or ${REVIEW_GROUP}/v1beta1` };
  if (body.kind !== 'ConversionReview') return { reason: 'kind must be ConversionReview' };
  const req = body.request;
  if (!isPlainObject(req)) return { reason: 'no request in the ConversionReview' };
  if (typeof req.uid !== 'string' || req.uid === '') return { reason: 'request.uid must be a non-empty string' };
  const at = { uid: req.uid, version };
  if (typeof req.desiredAPIVersion !== 'string' || req.desiredAPIVersion === '')
    return { ...at, reason: 'request.desiredAPIVersion must be a non-empty string' };
  if (!Array.isArray(req.objects)) return { ...at, reason: 'request.objects must be a list' };
  if (req.objects.length > limits.maxObjects)
    return {
      ...at,
      reason: `request.objects has ${req.objects.length} objects, more than the limit ${limits.maxObjects}`,
    };
  const objects: Record<string, unknown>[] = [];
  for (const [i, o] of req.objects.entries()) {
    if (!isPlainObject(o)) return { ...at, reason: `request.objects[${i}] is not an object` };
    objects.push(o);
  }
  const deep = valueProblemAt(req.objects, (limits.maxDepth ?? MAX_DEPTH) + 1);
  if (deep) return { ...at, reason: `request.objects is nested deeper than ${limits.maxDepth ?? MAX_DEPTH} levels` };
  return { version, uid: req.uid, desiredAPIVersion: req.desiredAPIVersion, objects };
}

export const isBadReview = (r: ConversionRequest | BadReview): r is BadReview => 'reason' in r;

/** The answer: every object converted, in order, or a Failure with the message (never a partial answer). */
export function conversionResponse(
  version: ReviewVersion,
  uid: string,
  outcome: { readonly objects: readonly unknown[] } | { readonly failure: string },
): Record<string, unknown> {
  const response =
    'failure' in outcome
      ? { uid, result: { status: 'Failure', message: outcome.failure } }
      : { uid, convertedObjects: outcome.objects, result: { status: 'Success' } };
  return { apiVersion: `${REVIEW_GROUP}/${version}`, kind: 'ConversionReview', response };
}

/** A request the API server would send: objects already at `desiredAPIVersion` are not sent (webhook_converter.go). */
export function conversionRequest(
  uid: string,
  desiredAPIVersion: string,
  objects: readonly unknown[],
  version: ReviewVersion = 'v1',
): Record<string, unknown> {
  return {
    apiVersion: `${REVIEW_GROUP}/${version}`,
    kind: 'ConversionReview',
    request: { uid, desiredAPIVersion, objects },
  };
}

/** Why the API server refuses a webhook's answer: upstream's reason, and the object's index when there is one. */
export interface ResponseRefusal {
  readonly reason: string;
  readonly index?: number;
  readonly restore?: RestoreError;
}

const RESTORE_REASONS: Record<RestoreError['problem'], string> = {
  'metadata-missing': 'missing metadata in converted object',
  'metadata-not-object': 'invalid metadata in converted object',
  'original-metadata-not-object': 'invalid metadata in input object',
  'not-an-object': 'metadata field of the wrong type in converted object',
  'value-not-string': 'a label or annotation value is not a string',
  'invalid-label-key': 'invalid label key',
  'invalid-label-value': 'invalid label value',
  'invalid-annotation-key': 'invalid annotation key',
  'annotations-too-large': 'annotations larger than 256 KiB',
  'kind-changed': 'must have the same kind',
  'name-changed': 'must have the same name',
  'namespace-changed': 'must have the same namespace',
  'uid-changed': 'must have the same UID',
};

function restoreReason(e: RestoreError): string {
  const at = e.path.join('.');
  return `${RESTORE_REASONS[e.problem]} (${at})${e.reasons && e.reasons.length > 0 ? `: ${e.reasons.join('; ')}` : ''}`;
}

/**
 * The API server's checks of a webhook's answer to `sent` (objects not at the desired version), in its order:
 * the review's kind and (v1) uid, `result.status`, the count, then per object its apiVersion, kind,
 * `validateConvertedObject` and `restoreObjectMeta`. Returns the objects as the server keeps them (metadata
 * restored) or the refusal. `sent` is never changed.
 */
export function checkConversionResponse(
  sent: ConversionRequest,
  answer: unknown,
): { readonly objects: Record<string, unknown>[] } | ResponseRefusal {
  if (!isPlainObject(answer)) return { reason: 'the response is not a JSON object' };
  const v1 = sent.version === 'v1';
  if (v1 && (answer.apiVersion !== `${REVIEW_GROUP}/v1` || answer.kind !== 'ConversionReview'))
    return {
      reason: `expected webhook response of ${REVIEW_GROUP}/v1, Kind=ConversionReview, got ${String(answer.apiVersion)}, Kind=${String(answer.kind)}`,
    };
  const r = answer.response;
  if (!isPlainObject(r)) return { reason: 'no response provided' };
  if (v1 && r.uid !== sent.uid) return { reason: `expected response.uid="${sent.uid}", got "${String(r.uid)}"` };
  const result = isPlainObject(r.result) ? r.result : {};
  if (result.status !== 'Success') {
    if (typeof result.message === 'string' && result.message !== '') return { reason: result.message };
    return { reason: `response.result.status was '${String(result.status ?? '')}', not 'Success'` };
  }
  const converted = Array.isArray(r.convertedObjects) ? r.convertedObjects : [];
  if (converted.length !== sent.objects.length)
    return { reason: `returned ${converted.length} objects, expected ${sent.objects.length}` };
  const out: Record<string, unknown>[] = [];
  for (const [i, c] of converted.entries()) {
    const original = sent.objects[i] as Record<string, unknown>;
    if (!isPlainObject(c)) return { index: i, reason: 'invalid converted object: not an object' };
    if (c.apiVersion !== sent.desiredAPIVersion)
      return {
        index: i,
        reason: `invalid groupVersion (expected ${sent.desiredAPIVersion}, received ${String(c.apiVersion)})`,
      };
    if (c.kind !== original.kind)
      return { index: i, reason: `invalid kind (expected ${String(original.kind)}, received ${String(c.kind)})` };
    const copy = deepClone(c);
    const bad = validateConvertedObject(original, copy) ?? restoreObjectMeta(original, copy);
    if (bad) return { index: i, reason: restoreReason(bad), restore: bad };
    out.push(copy);
  }
  return { objects: out };
}
