import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { scopedSchema } from './scopedSchema.ts';

const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $ref: '#/definitions/Root',
  definitions: {
    Root: {
      type: 'object',
      properties: {
        apiVersion: { type: 'string' },
        kind: { type: 'string' },
        spec: { type: 'object', properties: { n: { type: 'integer' } } },
      },
    },
  },
};

describe('scopedSchema', () => {
  const validate = new Ajv({ strict: false }).compile(
    scopedSchema(schema, 'infrastructure.cluster.x-k8s.io', 'DockerCluster'),
  );

  it('judges the documents of the selected kind and group', () => {
    expect(
      validate({ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1', kind: 'DockerCluster', spec: { n: 1 } }),
    ).toBe(true);
    expect(
      validate({ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1', kind: 'DockerCluster', spec: { n: 'x' } }),
    ).toBe(false);
  });

  it('leaves every other document alone', () => {
    expect(validate({ apiVersion: 'v1', kind: 'Secret', spec: { n: 'x' } })).toBe(true);
    expect(validate({ apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'DockerCluster', spec: { n: 'x' } })).toBe(true);
    expect(
      validate({ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1', kind: 'DockerMachine', spec: { n: 'x' } }),
    ).toBe(true);
  });
});
