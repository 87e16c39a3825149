// `strategies --catalog SRC --kind K [--horizon N] [--at V] [--json]`: seed 003's comparison of storage designs
// for one kind (fixed superset, ASO's rolling hub, the CRD's own storage version): what each stores, what each
// loses, and each one's version map. A report, not a check: exit 0 unless the input or usage is bad (2).
import type { Design, StrategyComparison, VersionMapEdge } from '../../core/index.ts';
import { compareStrategies, formatIssue, versionMapSvg } from '../../core/index.ts';
import path from 'node:path';
import type { CommandIO } from '../io.ts';
import type { CommandArgs } from './command.ts';
import { BAD_INPUT, defineCommand } from './command.ts';
import { fileIssue, loadCatalogFor, printIssues, stableJson } from './conversionArgs.ts';
import { CATALOG, JSON_OUTPUT, KIND } from './options.ts';

const ARROW: Record<VersionMapEdge['kind'], string> = {
  converts: '<-->',
  retired: '    ',
  bag: '-bag',
  lost: '-xx-',
};

function designText(d: Design): string[] {
  const lines = [
    `${d.title}: storage ${d.storage}${d.assumed ? ' (assumed)' : ''}, ${d.propertyCount} properties`,
    ...d.notes.map((n) => `  note: ${n}`),
  ];
  for (const o of d.obsolete) lines.push(`  obsolete  ${o.path} ${o.type}  used by ${o.versions.join(', ') || 'none'}`);
  for (const l of d.losses)
    lines.push(
      `  ${l.kind.padEnd(15)} ${l.path}${l.storedAs ? ` (stored as ${l.storedAs})` : ''}  [${l.versions.join(', ')}]  ${l.detail}`,
    );
  for (const k of d.kept) lines.push(`  kept: ${k.how.padEnd(16)} ${k.path}  [${k.versions.join(', ')}]  ${k.detail}`);
  if (d.losses.length === 0) lines.push('  no losses');
  lines.push('  version map:');
  const width = Math.max(...d.map.edges.map((e) => e.from.length), 1);
  for (const e of d.map.edges) {
    const retired = e.kind !== 'converts' ? ` (retired)` : '';
    lines.push(
      `    ${e.from.padEnd(width)} ${ARROW[e.kind]} ${e.to}${retired}${e.notes.length ? `  ${e.notes.join('; ')}` : ''}`,
    );
  }
  return lines;
}

export function strategiesText(c: StrategyComparison): string {
  const retired = c.versions.filter((v) => v.status === 'retired').map((v) => v.name);
  const lines = [
    `${c.kind} (${c.group}) as of ${c.at}: ${c.versions.length} versions, ${c.releaseCount} releases, horizon ${
      c.horizon === null ? 'all' : `${c.horizon} release(s)`
    }${retired.length ? `; retired: ${retired.join(', ')}` : ''}`,
    '',
  ];
  for (const d of c.designs) lines.push(...designText(d), '');
  lines.push(
    `Timeline (fixed storage${c.horizon === null ? '' : `, horizon ${c.horizon}`}; rolling hub size beside it):`,
  );
  for (const s of c.timeline) {
    const events = [
      s.retiring.length ? `retires ${s.retiring.join(', ')}` : '',
      s.added.length ? `adds ${s.added.join(', ')}` : '',
      s.bloat.length
        ? `BLOAT ${s.bloat.map((b) => (s.bloatPreviewOnly.includes(b) ? `${b} (preview only)` : b)).join(', ')}`
        : '',
      s.forgotten.length ? `AMNESIA ${s.forgotten.join(', ')}` : '',
      s.collisions.length ? `COLLISION ${s.collisions.join(', ')}` : '',
      s.retyped.length ? `RETYPED ${s.retyped.join(', ')}` : '',
    ].filter((x) => x !== '');
    lines.push(
      `  ${s.version.padEnd(18)} fixed ${String(s.fixedPropertyCount).padStart(3)}  hub ${String(s.hubPropertyCount).padStart(3)}  ${events.join('; ')}`.trimEnd(),
    );
  }
  return `${lines.join('\n')}\n`;
}

export const strategies = defineCommand({
  name: 'strategies',
  summary: "storage designs compared over a kind's history: what each stores and loses",
  description:
    "A fixed superset (its bloat, amnesia at a horizon, type collisions), ASO's rolling hub and the CRD's own\n" +
    'storage version, each with its version map, and a timeline of the releases (docs/storage-strategies.md).',
  options: [
    CATALOG,
    KIND,
    {
      name: '--horizon',
      value: 'N',
      help: "keep only the newest N releases (a preview shares its GA's release); default: every release",
    },
    { name: '--at', value: 'V', help: 'as of version V (default: the newest); later versions are ignored' },
    { name: '--svg', value: 'DIR', help: "also write each design's version map as DIR/<kind>-<design>.svg" },
    JSON_OUTPUT,
  ],
  exitCodes: { 0: 'the comparison was printed (a report, not a check)', 2: BAD_INPUT },
  example: 'strategies --catalog crm-person --kind Person --horizon 4',
  run,
});

async function run(a: CommandArgs, io: CommandIO): Promise<number> {
  const { values, flags } = a;
  const h = values['--horizon'];
  if (h !== undefined && !/^[1-9][0-9]*$/.test(h))
    return a.usageError(`--horizon takes a whole number of releases, at least 1 (got '${h}')`);
  const catalog = await loadCatalogFor('strategies', values['--catalog'] as string, io);
  if (!catalog) return 2;
  const r = compareStrategies(catalog, values['--kind'] as string, {
    ...(h !== undefined ? { horizon: Number(h) } : {}),
    ...(values['--at'] !== undefined ? { at: values['--at'] } : {}),
  });
  if (!r.comparison) {
    printIssues(io, r.issues);
    return 2;
  }
  const c = r.comparison;
  // --svg DIR: each design's version map as <kind>-<design>.svg (the pictures in docs/storage-strategies.md)
  const dir = values['--svg'];
  if (dir !== undefined)
    for (const d of c.designs) {
      const file = path.join(dir, `${c.kind.toLowerCase()}-${d.id}.svg`);
      try {
        await io.writeText(file, versionMapSvg(d.map, `${c.kind} as of ${c.at}: ${d.title}`));
      } catch (e) {
        // a missing or unwritable folder: the documented shape, at the folder the user named
        const i = fileIssue(e, dir);
        io.err(`${formatIssue({ ...i, message: `${i.message} (--svg writes into an existing folder)` })}\n`);
        return 2;
      }
    }
  io.out(flags.has('--json') ? stableJson(c) : strategiesText(c));
  return 0;
}
