// A whole cluster through `convert` (issue 28), in both views: a 50,000-item List streamed to a real process whose
// heap is capped at 64 MB, about twice what the process needs at any count; keeping as little as a kilobyte per
// object would overflow it. The closing summary counts every object.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliOnWidgetList } from '../testdata/widgetList.ts';

const CRD = path.resolve(import.meta.dirname, '../../core/checks/migration/testdata/widget-crd-stored.yaml');
const N = 50_000;
const configMaps = N / 1000;
const widgets = N - configMaps;
const param = N / 10; // the v1beta1 Widgets: v1 has no `param`

describe('convert over a whole cluster', () => {
  it.each([
    // As deployed the CRD stores v1beta1 (no conversion declared): every v1 Widget's `params` is dropped on write
    [
      'deployed',
      widgets,
      [`  ${widgets - param} of ${widgets} lose spec.params\n`, `  ${param} of ${widgets} lose spec.param\n`],
    ],
    ['aso', param, [`  ${param} of ${widgets} lose spec.param\n`]],
  ] as const)(
    '%s: a 50,000-item List on stdin under a 64 MB heap, every object counted',
    async (view, lossy, lines) => {
      const { code, err } = await cliOnWidgetList(
        ['convert', '--catalog', CRD, '--storage', view, '--to', 'v1'],
        64,
        N,
      );
      const lossless = widgets - lossy;
      expect(err).toContain(
        `verdict: Lossy: ${widgets} documents: ${lossy} lossy${lossless > 0 ? `, ${lossless} accepted and lossless` : ''} (${N} read, ${configMaps} not judged)`,
      );
      for (const l of lines) expect(err).toContain(l);
      expect(code).toBe(1);
    },
    300_000,
  );
});
