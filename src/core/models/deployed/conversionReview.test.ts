// The ConversionReview protocol: requests read as a webhook reads them, answers judged as webhook_converter.go
// judges them (getConvertedObjectsFromResponse, then count, apiVersion, kind, validateConvertedObject and
// restoreObjectMeta per object), v1beta1 without the uid and kind checks as upstream.
import { describe, expect, it } from 'vitest';
import {
  checkConversionResponse,
  conversionResponse,
  readConversionRequest,
  type ConversionRequest,
} from './conversionReview.ts';

const obj = (name: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'example.com/v1',
  kind: 'Backup',
  metadata: { name, namespace: 'ns', uid: `u-${name}`, resourceVersion: '5', labels: { a: 'b' } },
  spec: { x: 1 },
  ...extra,
});
const sent: ConversionRequest = {
  version: 'v1',
  uid: 'req',
  desiredAPIVersion: 'example.com/v2',
  objects: [obj('a'), obj('b')],
};
const ok = (objects: unknown[], over: Record<string, unknown> = {}) => ({
  ...conversionResponse('v1', 'req', { objects }),
  ...over,
});
const up = (o: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  ...o,
  apiVersion: 'example.com/v2',
  ...extra,
});

describe('readConversionRequest', () => {
  it('reads v1 and v1beta1 requests, and says why a body is not one', () => {
    const body = {
      apiVersion: 'apiextensions.k8s.io/v1beta1',
      kind: 'ConversionReview',
      request: { uid: 'u', desiredAPIVersion: 'g/v2', objects: [] },
    };
    expect(readConversionRequest(body, { maxObjects: 10 })).toEqual({
      version: 'v1beta1',
      uid: 'u',
      desiredAPIVersion: 'g/v2',
      objects: [],
    });
    expect(readConversionRequest({ ...body, kind: 'AdmissionReview' }, { maxObjects: 10 })).toHaveProperty('reason');
    expect(
      readConversionRequest(
        { ...body, request: { uid: 'u', desiredAPIVersion: 'g/v2', objects: [[]] } },
        { maxObjects: 10 },
      ),
    ).toMatchObject({ uid: 'u' });
    expect(
      readConversionRequest(
        { ...body, request: { uid: 'u', desiredAPIVersion: 'g/v2', objects: [{}, {}] } },
        { maxObjects: 1 },
      ),
    ).toMatchObject({ uid: 'u', reason: expect.stringMatching(/limit/) });
  });
});

describe('checkConversionResponse', () => {
  it('accepts a faithful answer and restores metadata but labels and annotations', () => {
    const changed = up(obj('a'), {
      metadata: { ...obj('a').metadata, resourceVersion: '99', labels: { a: 'c' }, finalizers: ['x'] },
    });
    const r = checkConversionResponse(sent, ok([changed, up(obj('b'))]));
    expect(r).toHaveProperty('objects');
    const [first] = (r as { objects: Record<string, unknown>[] }).objects;
    expect(first!.metadata).toEqual({ ...obj('a').metadata, labels: { a: 'c' } });
  });

  it.each([
    [
      'another review kind',
      ok([up(obj('a')), up(obj('b'))], { kind: 'AdmissionReview' }),
      /expected webhook response/,
      undefined,
    ],
    [
      'no response',
      { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview' },
      /no response provided/,
      undefined,
    ],
    [
      'another uid',
      { ...ok([]), response: { uid: 'x', result: { status: 'Success' }, convertedObjects: [] } },
      /expected response\.uid="req", got "x"/,
      undefined,
    ],
    ['a Failure with a message', conversionResponse('v1', 'req', { failure: 'nope' }), /^nope$/, undefined],
    [
      'a Failure without one',
      { ...ok([]), response: { uid: 'req', result: { status: 'Failure' } } },
      /was 'Failure', not 'Success'/,
      undefined,
    ],
    ['too few objects', ok([up(obj('a'))]), /returned 1 objects, expected 2/, undefined],
    [
      'a wrong apiVersion',
      ok([obj('a'), up(obj('b'))]),
      /invalid groupVersion \(expected example\.com\/v2, received example\.com\/v1\)/,
      0,
    ],
    [
      'a wrong kind',
      ok([up(obj('a')), up(obj('b'), { kind: 'Other' })]),
      /invalid kind \(expected Backup, received Other\)/,
      1,
    ],
    [
      'another name',
      ok([up(obj('a'), { metadata: { ...obj('a').metadata, name: 'z' } }), up(obj('b'))]),
      /same name/,
      0,
    ],
    [
      'another uid in metadata',
      ok([up(obj('a'), { metadata: { ...obj('a').metadata, uid: 'z' } }), up(obj('b'))]),
      /same UID/,
      0,
    ],
    [
      'no metadata',
      ok([{ apiVersion: 'example.com/v2', kind: 'Backup' }, up(obj('b'))]),
      /same name|missing metadata/,
      0,
    ],
    [
      'a label the server refuses',
      ok([up(obj('a'), { metadata: { ...obj('a').metadata, labels: { 'a b': 'c' } } }), up(obj('b'))]),
      /invalid label key/,
      0,
    ],
  ])('refuses %s', (_name, answer, reason, index) => {
    const r = checkConversionResponse(sent, answer);
    expect(r).toHaveProperty('reason');
    expect((r as { reason: string }).reason).toMatch(reason);
    expect((r as { index?: number }).index).toBe(index);
  });

  it('v1beta1: does not check the review kind or uid (as upstream, for compatibility)', () => {
    const beta: ConversionRequest = { ...sent, version: 'v1beta1' };
    const answer = {
      kind: 'Whatever',
      response: { uid: 'other', result: { status: 'Success' }, convertedObjects: [up(obj('a')), up(obj('b'))] },
    };
    expect(checkConversionResponse(beta, answer)).toHaveProperty('objects');
  });
});
