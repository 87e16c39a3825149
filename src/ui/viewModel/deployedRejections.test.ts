// The worker's deployed view when the API server fails the request: a conversion rule writes a label the server
// refuses (restoreObjectMeta), on the write (v1 -> storage v2) or on the read (v2 -> v1); the banner gets each
// failure with its side and path. Malformed metadata on write keeps its own line.
import { describe, expect, it } from 'vitest';
import { serializeCatalog } from '../../core/index.ts';
import { importFiles } from '../../importers/index.ts';
import { explore, setCatalog } from './engine.ts';
import type { ExploreRequest } from './types.ts';

// (Vite's glob import: the UI's tests, like the UI, do not touch node:fs.)
const files = import.meta.glob<string>(
  [
    '../../core/models/deployed/testdata/widgets-crd.yaml',
    '../../core/models/deployed/testdata/widgets-note-label-rules.yaml',
  ],
  { query: '?raw', import: 'default', eager: true },
);
const text = (part: string) => Object.entries(files).find(([p]) => p.endsWith(part))?.[1] ?? '';
const { catalog } = importFiles([{ name: 'widgets.yaml', text: text('widgets-crd.yaml') }]);
setCatalog('widgets', JSON.parse(serializeCatalog(catalog)) as unknown);
const rules = text('widgets-note-label-rules.yaml');

const widget = (version: string, note: string, labels = '') =>
  `apiVersion: example.com/${version}\nkind: Widget\nmetadata:\n  name: w\n${labels}spec:\n  note: ${JSON.stringify(note)}\n`;
const req = (input: string, targetVersion: string): ExploreRequest => ({
  catalogKey: 'widgets',
  input,
  document: 0,
  targetVersion,
  storage: 'deployed',
  rules,
});

describe('a conversion whose metadata the API server refuses', () => {
  it('a valid label: not rejected, no rejection lines', () => {
    const d = explore(req(widget('v1', 'gold'), 'v2')).deployed!;
    expect(d.rejected).toBe(false);
    expect(d.rejections).toBeUndefined();
  });

  it('an invalid label written on the way to storage fails the write, at the label', () => {
    const d = explore(req(widget('v1', 'gold plated'), 'v2')).deployed!;
    expect(d.rejected).toBe(true);
    expect(d.rejections?.map((x) => [x.on, x.code, x.path])).toEqual([
      ['write', 'CONVERSION_INVALID_METADATA', 'metadata.labels.note'],
    ]);
  });

  it('an invalid label written on the way to the version read fails the read', () => {
    // the same rule the other way round: v2's spec.note becomes v1's label
    const reversed = rules.replace(
      '{ from: spec.note, to: metadata.labels.note }',
      '{ from: metadata.labels.note, to: spec.note }',
    );
    expect(reversed).not.toBe(rules);
    const d = explore({ ...req(widget('v2', '-bad'), 'v1'), rules: reversed }).deployed!;
    expect(d.rejections?.map((x) => [x.on, x.code, x.path])).toEqual([
      ['read', 'CONVERSION_INVALID_METADATA', 'metadata.labels.note'],
    ]);
  });

  it('metadata of the wrong type stays INVALID_METADATA on the write', () => {
    const d = explore(req(widget('v2', 'x', '  labels: { a: 1 }\n'), 'v2')).deployed!;
    expect(d.rejections?.map((x) => [x.on, x.code])).toEqual([['write', 'INVALID_METADATA']]);
  });
});
