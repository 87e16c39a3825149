// The floor of the whole-cluster benchmark: only parses the input (YAML with js-yaml, JSON with JSON.parse) and
// writes every object back (a List's items one by one), nothing checked. Usage: node floor.mjs FILE
import { readFileSync, writeSync } from 'node:fs';
import { loadAll } from 'js-yaml';

const text = readFileSync(process.argv[2], 'utf8');
const docs = text.trimStart().startsWith('{') ? [JSON.parse(text)] : [];
if (docs.length === 0) loadAll(text, (d) => void docs.push(d));
for (const d of docs)
  for (const o of d && typeof d.kind === 'string' && d.kind.endsWith('List') ? d.items : [d])
    writeSync(1, `${JSON.stringify(o)}\n`);
