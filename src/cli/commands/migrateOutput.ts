// migrate's output written object by object: the plans first, then each rewritten object as it is known. Text as
// before; JSON keeps its shape (keys sorted) except that in each plan `objects` and `issues` come last, and `ok` and
// `summary` after `plans`: what is known only at the end is written at the end. Several kinds' objects are grouped
// by plan in JSON, so then they are kept until the end; one kind's (a `kubectl get` dump) flow straight out.
import { stringify } from 'yaml';
import type { Issue, MigrationPlan } from '../../core/index.ts';
import { formatPath, yamlPackageText } from '../../core/index.ts';
import type { ObjectMigration } from '../../core/checks/migration/index.ts';
import type { HeldOutput } from '../streamInput.ts';
import { nestedJson } from '../streamInput.ts';
import type { VerdictTally } from '../verdictSummary.ts';

const indent = (text: string, by: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => `${by}${l}`)
    .join('\n');

function describe(p: MigrationPlan): string {
  const out: string[] = [`${p.kind} (${p.crd}): store every object at ${p.to}`];
  out.push(
    `  stored versions: ${p.storedVersions.join(', ') || 'none'} (${p.storedVersionsFrom === 'status' ? 'status.storedVersions' : 'assumed: the storage version; the file has no status'}) -> ${p.remainingStoredVersions.join(', ')}`,
  );
  out.push('  steps:');
  p.steps.forEach((s, i) => {
    out.push(`    ${i + 1}. [${s.done ? 'done' : 'todo'}] ${s.step}: ${s.description}`);
    if (s.command && !s.done) out.push(`       $ ${s.command}`);
  });
  for (const m of p.manifests) out.push(`  ${m.metadata.name}.yaml:`, indent(stringify(m), '    '));
  return out.join('\n');
}

/** One rewritten object, under its plan's `objects:` (with its kind when several kinds are migrated). */
function describeObject(o: ObjectMigration, kind?: string): string {
  const who = `${kind !== undefined ? `${kind} ` : ''}${o.namespace !== undefined ? `${o.namespace}/` : ''}${o.name ?? `document ${o.index + 1}`}`;
  const lost = o.dropped.length === 0 ? 'nothing lost' : `loses ${o.dropped.map(formatPath).join(', ')}`;
  return `    ${who}: ${o.from} -> ${o.to}: ${lost}\n${indent(yamlPackageText(o.document) ?? stringify(o.document), '      ')}\n`;
}

/** A plan's keys but `objects` and `issues`, open for them (JSON at depth 2 of the output). */
function planHead(p: MigrationPlan): string {
  const { objects: _o, issues: _i, ...rest } = p;
  return nestedJson(rest, 2).replace(/\n {4}\}$/, '');
}

/** One rewritten object as the output writes it (JSON, or text under its plan): the work a worker may do. */
export const objectText = (plans: readonly MigrationPlan[], json: boolean, plan: number, o: ObjectMigration): string =>
  json ? nestedJson(o, 4) : describeObject(o, plans.length > 1 ? plans[plan]?.kind : undefined);

export class MigrationOutput {
  private readonly kept: string[][];
  private readonly issues: Issue[][];
  private readonly stream: boolean;
  private written = 0;

  constructor(
    private readonly out: HeldOutput,
    private readonly plans: readonly MigrationPlan[],
    private readonly json: boolean,
  ) {
    this.kept = plans.map(() => []);
    this.issues = plans.map((p) => [...p.issues]);
    this.stream = plans.length === 1;
    if (!json) out.out(`${plans.map(describe).join('\n\n')}\n`);
    else if (this.stream) out.out(`{\n  "plans": [\n    ${planHead(plans[0] as MigrationPlan)},\n      "objects": [`);
  }

  /** An object's text (objectText). */
  object(plan: number, text: string): void {
    if (!this.json) {
      if (this.written++ === 0) this.out.out('  objects:\n');
      this.out.out(text);
    } else if (this.stream) this.out.out(`${this.written++ === 0 ? '\n        ' : ',\n        '}${text}`);
    else this.kept[plan]?.push(text);
  }

  issue(plan: number, i: Issue): void {
    this.issues[plan]?.push(i);
  }

  end(ok: boolean, tally: VerdictTally): void {
    if (this.json) {
      const close = (i: number, n: number) =>
        `${n > 0 ? '\n      ]' : ']'},\n      "issues": ${nestedJson(this.issues[i], 3)}\n    }`;
      if (this.stream) this.out.out(close(0, this.written));
      else {
        const plans = this.plans.map((p, i) => {
          const objects = (this.kept[i] ?? []).map((o, k) => `${k === 0 ? '\n        ' : ',\n        '}${o}`);
          return `${planHead(p)},\n      "objects": [${objects.join('')}${close(i, objects.length)}`;
        });
        this.out.out(`{\n  "plans": [${plans.length > 0 ? `\n    ${plans.join(',\n    ')}\n  ` : ''}`);
      }
      if (this.stream) this.out.out('\n  ');
      this.out.out(`],\n  "ok": ${ok},\n  "summary": ${nestedJson(tally.json(), 1)}\n}\n`);
    }
    this.out.flush();
  }
}
