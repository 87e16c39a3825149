// `census --catalog SRC [--catalog SRC...] [--json]`: seed 003's "how often" tables for a catalog: every pair of
// consecutive API versions of every kind, classified by what changed, then totals. A report: exit 0 unless the
// input or usage is bad (2). Several --catalog options (release bundles) count a repeated pair once, the last wins.
import type { Catalog, Census } from '../../core/index.ts';
import { censusRows, changeCensus } from '../../core/index.ts';
import type { Command } from '../main.ts';
import { commandArgs, loadCatalogFor, printIssues, stableJson, usageError } from './conversionArgs.ts';

const USAGE = 'usage: version-explorer census --catalog SRC [--catalog SRC...] [--json]\n';

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

export const census: Command = async (args, io) => {
  // --catalog may repeat; the shared parser keeps one value per option, so the sources are taken out first.
  const sources: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--catalog') {
      const v = args[++i];
      if (v === undefined) return usageError(io, 'census', USAGE, '--catalog needs a value');
      sources.push(v);
    } else if (a.startsWith('--catalog=')) sources.push(a.slice('--catalog='.length));
    else rest.push(a);
  }
  const a = commandArgs(rest, io, 'census', USAGE, {
    flags: ['--json'],
    noPositionals: true,
  });
  if (typeof a === 'number') return a;
  if (sources.length === 0) return a.usageError('--catalog is required');
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
};
