// A whole cluster through `migrate` (issue 28): a 100,000-item List streamed to a real process whose heap is capped
// far below what holding every object would take; the closing summary counts every object.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliOnWidgetList } from '../testdata/widgetList.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const CRD = path.join(root, 'src/core/checks/migration/testdata/widget-crd-stored.yaml');
const N = 100_000;

describe('migrate over a whole cluster', () => {
  it('a 100,000-item List on stdin under a 96 MB heap: every object counted in the summary, exit 1 for the lossy ones', async () => {
    const { code, err } = await cliOnWidgetList(['migrate', '--catalog', CRD, '--to', 'v1'], 96, N);
    const configMaps = N / 1000;
    const widgets = N - configMaps;
    const lossy = N / 10;
    expect(err).toContain(
      `verdict: Lossy: ${widgets} documents: ${lossy} lossy, ${widgets - lossy} accepted and lossless (${N} read, ${configMaps} not judged)`,
    );
    expect(err).toContain(`  ${lossy} of ${widgets} lose spec.param\n`);
    expect(code).toBe(1);
  }, 600_000);
});
