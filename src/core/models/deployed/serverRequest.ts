// What the API server does to a request around the pipeline's stages: the served-version check
// (customresource_handler.go) and the registry strategy's preparation (strategy.go).
import { issue, type Issue } from '../../model/issue.ts';
import type { Version } from '../../model/model.ts';
import { deepClone } from '../../model/jsonValue.ts';
import type { Recorder } from './records.ts';
import { validateValue } from '../../validate/validateValue.ts';

/** A request the API server fails, and why. */
export interface Rejection {
  readonly on: 'write' | 'read';
  readonly issue: Issue;
}

/**
 * customresource_handler.go `ServeHTTP`: a request at a version the CRD does not serve goes to the delegate,
 * which answers 404 "the server could not find the requested resource". A refused write stores nothing.
 */
export function notServed(from: Version, to: Version): Rejection[] {
  const out: Rejection[] = [];
  const refuse = (on: 'write' | 'read', v: Version): void =>
    void out.push({
      on,
      issue: issue(
        'error',
        'VERSION_NOT_SERVED',
        `the API server answers 404 to a ${on} at ${v.name}: the CRD does not serve it (served: false)`,
        ['apiVersion'],
      ),
    });
  if (!from.served) refuse('write', from);
  if (!to.served) refuse('read', to);
  return out;
}

/**
 * strategy.go PrepareForCreate / PrepareForUpdate: with the status subresource, a create drops `.status` and a
 * main-resource update keeps the stored object's (or none). Only status's own endpoint writes it. A status the
 * request did not carry (V's defaults made it) goes silently: nothing the client wrote is lost. True when
 * `.status` was removed.
 */
export function prepareStatus(
  w: Record<string, unknown>,
  input: Readonly<Record<string, unknown>>,
  v: Version,
  old: Readonly<Record<string, unknown>> | undefined,
  rec: Recorder,
): boolean {
  if (v.statusSubresource !== true) return false;
  const had = Object.hasOwn(w, 'status');
  const wrote = Object.hasOwn(input, 'status');
  if (old !== undefined && Object.hasOwn(old, 'status')) {
    // the request's own status equal to the stored one: kept as written (and defaulted), nothing lost
    if (wrote && sameJson(input.status, old.status)) return false;
    if (wrote) rec(['status'], 'status-subresource');
    w.status = deepClone(old.status);
    return false;
  }
  if (!had) return false;
  if (wrote) rec(['status'], 'status-subresource');
  delete w.status;
  return true;
}

/** Equal JSON values, key order aside. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(bo, k) && sameJson(ao[k], bo[k]));
}

/**
 * strategy.go `Validate` on a create: V's schema (OpenAPI, embedded ObjectMeta, list types, then CEL) on the
 * object after decoding (coerced, defaulted) and PrepareForCreate. Each error fails the write. Unknown fields
 * are not errors here: the coercer pruned them (fieldValidation Warn/Ignore).
 */
export function validateWrite(w: Readonly<Record<string, unknown>>, v: Version): Rejection[] {
  if (!v.schema) return [];
  return validateValue(v.schema, w, { strictFields: false })
    .filter((i) => i.severity === 'error')
    .map((i) => ({ on: 'write', issue: i }));
}
