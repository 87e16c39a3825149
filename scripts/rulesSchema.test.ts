// The published JSON Schema of the rules format (docs/schemas/) is the one the code validates with, and it
// accepts the repository's own rule files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RULES_SCHEMA_FILE, rulesSchemaText } from './gen-rules-schema.ts';

const RULES = path.resolve(import.meta.dirname, '../rules');

describe('docs/schemas: the rules format JSON Schema', () => {
  it('is current (run `npm run gen:rules-schema`)', async () => {
    expect(readFileSync(RULES_SCHEMA_FILE, 'utf8')).toBe(await rulesSchemaText());
  });

  it('is marked generated, and accepts every rule file in rules/', () => {
    const schema = JSON.parse(readFileSync(RULES_SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
    expect(schema.$comment).toMatch(/^Generated /);
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const files = readdirSync(RULES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(validate(parse(readFileSync(path.join(RULES, f), 'utf8'))), f).toBe(true);
    expect(validate({ apiVersion: 'version-explorer.dev/v1alpha3', kind: 'ConversionRules' })).toBe(false);
  });
});
