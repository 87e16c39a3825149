// docs/performance.md's fleet merge (one `validate -o json` per cluster, summaries merged with jq) run as written.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeIO } from './testdata/fakeIO.ts';
import { validate } from './commands/validate.ts';

const root = path.resolve(import.meta.dirname, '../..');
const WIDGET = path.join(root, 'src/cli/testdata/validate/widget-crd.yaml');
const HAS_JQ = spawnSync('jq', ['--version']).status === 0;

const widget = (name: string, spec: string) =>
  `apiVersion: demo.example.com/v2\nkind: Widget\nmetadata: {name: ${name}}\nspec: ${spec}\n`;

/** The command between the fleet-merge markers of docs/performance.md. */
function mergeCommand(): string {
  const doc = readFileSync(path.join(root, 'docs/performance.md'), 'utf8');
  const block = /<!-- fleet-merge -->\s*```sh\n([\s\S]*?)\n```\s*<!-- \/fleet-merge -->/.exec(doc);
  if (!block) throw new Error('no fleet-merge block in docs/performance.md');
  return block[1] as string;
}

describe.skipIf(!HAS_JQ)('the fleet merge of docs/performance.md', () => {
  it('adds up every cluster summary: counts, and objects per path and reason', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 've-fleet-'));
    try {
      const clusters = {
        a: [widget('a1', '{size: 9}'), widget('a2', '{size: 3, mode: fast}')],
        b: [
          widget('b1', '{size: 9}'),
          widget('b2', '{size: 9}'),
          'apiVersion: v1\nkind: Secret\nmetadata: {name: s}\n',
        ],
      };
      for (const [name, docs] of Object.entries(clusters)) {
        const f = fakeIO(docs.join('---\n'));
        await validate(['--catalog', WIDGET, '-f', '-', '-o', 'json'], f.io);
        writeFileSync(path.join(dir, `cluster-${name}.json`), f.out());
      }
      const r = spawnSync('sh', ['-c', mergeCommand()], { cwd: dir, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual({
        read: 5,
        judged: 4,
        accepted: 1,
        rejected: 3,
        lossy: 0,
        cannotTell: 0,
        paths: [{ path: 'spec.size', why: 'rejected', objects: 3 }],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
