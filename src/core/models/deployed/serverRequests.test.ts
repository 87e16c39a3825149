// What the API server does to a request beyond the pipeline's stages: a version it does not serve (404), the
// status subresource (PrepareForCreate / PrepareForUpdate), validation at the request version, a conversion that
// fails, and a webhook the explorer does not know.
import { describe, expect, it } from 'vitest';
import type { DeployedResult } from '../../index.ts';
import { catalogOf, run, widgetsYaml } from './testdata/widgetsKit.ts';

const widget = (version: string, spec: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  apiVersion: `example.com/${version}`,
  kind: 'Widget',
  metadata: { name: 'w' },
  spec,
  ...extra,
});

const rejections = (r: DeployedResult) => r.rejections.map((x) => [x.on, x.issue.code, x.issue.path]);

describe('a version with served: false (customresource_handler.go: 404)', () => {
  const v1Unserved = catalogOf(
    widgetsYaml.replace('served: true\n      storage: false', 'served: false\n      storage: false'),
  );

  it('refuses a write at it, and nothing is stored', () => {
    const r = run(v1Unserved, widget('v1', { size: 3 }), 'v2');
    expect(rejections(r)).toEqual([['write', 'VERSION_NOT_SERVED', ['apiVersion']]]);
    expect(r.rejected).toBe(true);
    expect(r.storedNothing).toBe(true);
  });

  it('refuses a read at it; the write at a served version is stored', () => {
    const r = run(v1Unserved, widget('v2', { size: 3 }), 'v1');
    expect(rejections(r)).toEqual([['read', 'VERSION_NOT_SERVED', ['apiVersion']]]);
    expect(r.storedNothing).toBe(false);
  });

  it('refuses both when the write and the read are at it', () => {
    const r = run(v1Unserved, widget('v1', { size: 3 }), 'v1');
    expect(rejections(r).map(([on]) => on)).toEqual(['write', 'read']);
  });

  it('serves every version of the CRD that says served: true', () => {
    const both = catalogOf(widgetsYaml);
    for (const [v, t] of [
      ['v1', 'v2'],
      ['v2', 'v1'],
    ] as const) {
      const r = run(both, widget(v, { size: 3 }), t);
      expect(r.rejected).toBe(false);
      expect(r.storedNothing).toBe(false);
    }
  });
});

describe('the status subresource (strategy.go PrepareForCreate / PrepareForUpdate)', () => {
  // v1 enables /status, v2 declares subresources too: both schemas get a status object
  const withStatus = widgetsYaml
    .replace(/(- name: v1\n\s+served: true\n\s+storage: false\n)/, '$1      subresources: {status: {}}\n')
    .replace(/(- name: v2\n\s+served: true\n\s+storage: true\n)/, '$1      subresources: {status: {}}\n')
    .replaceAll(
      '          properties:\n            spec:\n',
      '          properties:\n            status: {type: object, x-kubernetes-preserve-unknown-fields: true}\n            spec:\n',
    );
  const sub = catalogOf(withStatus);
  const noSub = catalogOf(withStatus.replaceAll('      subresources: {status: {}}\n', ''));
  const input = widget('v1', { size: 3 }, { status: { phase: 'Ready' } });

  it('is read from the CRD per version, and absent when not enabled', () => {
    expect(sub.kind.versions.filter((v) => v.statusSubresource === true).map((v) => v.name)).toEqual(['v1', 'v2']);
    expect(noSub.kind.versions.some((v) => v.statusSubresource !== undefined)).toBe(false);
  });

  it('drops .status on create, as a fate on the written input; without the subresource it is stored', () => {
    const r = run(sub, input, 'v2');
    expect(r.stored.status).toBeUndefined();
    expect(r.target.status).toBeUndefined();
    const f = r.fates.filter((x) => x.cause === 'status-subresource');
    expect(f.map((x) => [x.kind, x.on, x.by, x.pane, x.path])).toEqual([
      ['dropped-on-write', 'write', 'v1', 'resource', ['status']],
    ]);
    expect(r.issues.filter((i) => i.code === 'DROPPED_ON_WRITE').map((i) => i.path)).toEqual([['status']]);
    expect(r.rejected).toBe(false);
    expect(run(noSub, input, 'v2').stored.status).toEqual({ phase: 'Ready' });
  });

  it('on a main-resource update keeps the stored status, whatever the request says', () => {
    const old = widget('v1', { size: 1 }, { status: { phase: 'Old' } });
    const r = run(sub, input, 'v2', { update: { old } });
    expect(r.stored.status).toEqual({ phase: 'Old' });
    expect(r.fates.filter((x) => x.cause === 'status-subresource').map((x) => x.path)).toEqual([['status']]);
    // the same status as stored: nothing lost
    const same = run(sub, input, 'v2', { update: { old: input } });
    expect(same.stored.status).toEqual({ phase: 'Ready' });
    expect(same.fates.some((x) => x.cause === 'status-subresource')).toBe(false);
    // a stored object without status: the update does not set one
    const none = run(sub, input, 'v2', { update: { old: widget('v1', { size: 1 }) } });
    expect(none.stored.status).toBeUndefined();
  });

  it('reads v1beta1 CRDs that declare subresources once for every version', () => {
    const beta = catalogOf(
      [
        'apiVersion: apiextensions.k8s.io/v1beta1',
        'kind: CustomResourceDefinition',
        'metadata: {name: things.example.com}',
        'spec:',
        '  group: example.com',
        '  names: {kind: Thing, plural: things}',
        '  subresources: {status: {}}',
        '  validation: {openAPIV3Schema: {type: object}}',
        '  versions: [{name: v1, served: true, storage: true}]',
      ].join('\n'),
    );
    expect(beta.kind.versions.filter((v) => v.derived !== true).map((v) => v.statusSubresource)).toEqual([true]);
  });
});

describe('a status only V defaults made (strategy.go PrepareForCreate after decoding)', () => {
  const defaulted = catalogOf(
    widgetsYaml
      .replace(/(- name: v1\n\s+served: true\n\s+storage: false\n)/, '$1      subresources: {status: {}}\n')
      .replaceAll(
        '          properties:\n            spec:\n',
        '          properties:\n            status: {type: object, default: {phase: New}, properties: {phase: {type: string}}}\n            spec:\n',
      ),
  );

  it('is removed without a fate: the client wrote no status, nothing it wrote is lost', () => {
    const r = run(defaulted, widget('v1', { size: 3 }), 'v2');
    expect(r.stored.status).toBeUndefined();
    expect(r.fates.filter((f) => f.path[0] === 'status' && f.on === 'write')).toEqual([]);
    // the storage version's defaults apply on read, as the server's GET shows them
    expect(r.target.status).toEqual({ phase: 'New' });
  });
});

describe('validation at the request version, after defaulting (strategy.go Validate)', () => {
  const ruled = catalogOf(
    widgetsYaml
      .replace(
        '                size: { type: integer, default: 1 }\n                color: { type: string, default: red }\n',
        '                size: { type: integer, default: 1 }\n                color: { type: string, default: red, enum: [red, blue] }\n',
      )
      .replace(
        /(- name: v1[\s\S]*? {12}spec:\n {14}type: object\n)/,
        '$1              required: [size]\n              x-kubernetes-validations: [{rule: "self.size < 10", message: too big}]\n',
      ),
  );

  it('accepts what the defaults complete: a required field the schema defaults', () => {
    const r = run(ruled, widget('v1', {}), 'v2');
    expect(r.rejected).toBe(false);
    expect(r.stored.spec).toMatchObject({ size: 1, color: 'red' });
  });

  it('rejects the write, one rejection per error with its path, and stores nothing', () => {
    const r = run(ruled, widget('v1', { size: 12, color: 'green' }), 'v2');
    expect(rejections(r)).toEqual([
      ['write', 'VALIDATION_ENUM', ['spec', 'color']],
      ['write', 'CEL_RULE', ['spec']],
    ]);
    expect(r.storedNothing).toBe(true);
    expect(r.issues.filter((i) => i.severity === 'error').map((i) => i.code)).toEqual(['VALIDATION_ENUM', 'CEL_RULE']);
  });

  it('validates at V only: the storage version has no such rule, and reading never validates', () => {
    expect(run(ruled, widget('v2', { size: 12, color: 'green' }), 'v1').rejected).toBe(false);
  });

  it('can be skipped by a caller that validates elsewhere', () => {
    expect(run(ruled, widget('v1', { size: 12 }), 'v2', { validate: false }).rejected).toBe(false);
  });
});

describe('a webhook the explorer does not know (Webhook CRD, not ASO, no rules for the pair)', () => {
  const webhook = catalogOf(
    widgetsYaml.replace('  scope: Namespaced\n', '  scope: Namespaced\n  conversion: {strategy: Webhook}\n'),
  );

  it('is undetermined on each conversion it decides: the write to storage and the read from it', () => {
    expect(run(webhook, widget('v1', { size: 3 }), 'v1').undetermined).toEqual([
      { on: 'write', from: 'v1', to: 'v2' },
      { on: 'read', from: 'v2', to: 'v1' },
    ]);
    expect(run(webhook, widget('v2', { size: 3 }), 'v1').undetermined).toEqual([{ on: 'read', from: 'v2', to: 'v1' }]);
  });

  it('is determined when no conversion runs, or under None', () => {
    expect(run(webhook, widget('v2', { size: 3 }), 'v2').undetermined).toEqual([]);
    expect(run(catalogOf(widgetsYaml), widget('v1', { size: 3 }), 'v1').undetermined).toEqual([]);
  });
});
