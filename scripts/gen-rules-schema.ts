// `npm run gen:rules-schema` (also run by `npm run build`): writes the rules format's JSON Schema
// (RULES_JSON_SCHEMA in src/core/rules/format.ts) to docs/schemas/, for editors and CI outside the app, marked
// as generated. scripts/rulesSchema.test.ts fails when the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { RULES_JSON_SCHEMA } from '../src/core/index.ts';

const root = path.resolve(import.meta.dirname, '..');
const version = RULES_JSON_SCHEMA.$id.replace(/^.*\/conversion-rules-(v[^.]+)\.json$/, '$1');
export const RULES_SCHEMA_FILE = path.join(root, 'docs/schemas', `conversion-rules-${version}.json`);

/** The file's text: the schema with a `$comment` saying where it comes from, formatted as prettier wants it. */
export async function rulesSchemaText(): Promise<string> {
  const doc = {
    $comment: 'Generated from RULES_JSON_SCHEMA (src/core/rules/format.ts) by `npm run gen:rules-schema`; do not edit.',
    ...RULES_JSON_SCHEMA,
  };
  return format(JSON.stringify(doc), { ...(await resolveConfig(RULES_SCHEMA_FILE)), filepath: RULES_SCHEMA_FILE });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = await rulesSchemaText();
  let before = '';
  try {
    before = readFileSync(RULES_SCHEMA_FILE, 'utf8');
  } catch {
    // first run
  }
  if (text !== before) writeFileSync(RULES_SCHEMA_FILE, text);
  console.log(`${path.relative(root, RULES_SCHEMA_FILE)}: ${text === before ? 'up to date' : 'written'}`);
}
