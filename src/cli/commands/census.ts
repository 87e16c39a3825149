// `census --catalog SRC [--catalog SRC...] [--json]`: seed 003's "how often" tables for a catalog: every pair of
// consecutive API versions of every kind, classified by what changed, then totals. A report: exit 0 unless the
// input or usage is bad (2). Several --catalog options (release bundles) count a repeated pair once, the last wins.
import type { Catalog, Census } from '../../core/index.ts';
import { censusRows, changeCensus } from '../../core/index.ts';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { loadCatalogFor, printIssues, stableJson } from './conversionArgs.ts';
import { CATALOG, JSON_OUTPUT } from './options.ts';

export function censusText(c: Census): string {
  const lines = [`${c.totals.kinds} kinds, ${c.totals.pairs} pairs of consecutive versions`, ''];
  lines.push('| change | version pairs | properties |', '|---|---:|---:|');
  for (const r of censusRows(c.totals)) lines.push(`| ${r.what.trim()} | ${r.pairs} | ${r.properties} |`);
  lines.push('', 'Pairs:');
  for (const p of c.pairs) {
    lines.push(`  ${p.group}/${p.kind} ${p.from} -> ${p.to}: ${p.categories.join(', ')}`);
    for (const r of p.renamed)
      lines.push(
        `    rename ${r.path} -> ${r.to}${r.caseOnly ? ' (case only)' : ''} ${
          r.configured ? '(configured)' : `(similarity ${r.similarity}, both ${r.type})`
        }`,
      );
    for (const t of p.typeChanged)
      lines.push(`    type ${t.path}: ${t.from} -> ${t.to}${t.configured ? ' (configured type rename)' : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

export const census = defineCommand({
  name: 'census',
  summary: 'how often each kind of change happens between consecutive versions',
  description:
    'Every pair of consecutive API versions of every kind, classified by what changed, then\n' +
    'totals (docs/census.md). Several catalogs (release bundles) count a repeated pair once, the last wins.',
  options: [{ ...CATALOG, repeatable: true }, JSON_OUTPUT],
  exitCodes: { 0: 'the census was printed (a report, not a check)', 2: BAD_INPUT },
  example: 'census --catalog crm-person',
  run,
});

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const sources = a.lists['--catalog'] ?? [];
  const catalogs: Catalog[] = [];
  for (const s of sources) {
    const c = await loadCatalogFor('census', s, io);
    if (!c) return 2;
    catalogs.push(c);
  }
  const r = changeCensus(catalogs);
  printIssues(io, r.issues);
  io.out(a.flags.has('--json') ? stableJson(r.census) : censusText(r.census));
  return 0;
}
