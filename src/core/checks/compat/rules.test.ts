// The rule ids are the documented ones: docs/compatibility.md names each.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPAT_RULES } from './rules.ts';

describe('docs/compatibility.md', () => {
  it('names every rule id, or its family (`max-length-*`)', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/compatibility.md'), 'utf8');
    const listed = [...COMPAT_RULES].filter(
      ([rule]) =>
        doc.includes(`\`${rule}\``) ||
        doc.includes(`\`${rule.replace(/-(tightened|loosened|added|changed|removed)$/, '-*')}\``) ||
        doc.includes(`\`${rule.replace(/-(tightened|loosened)$/, '')}-tightened\``),
    );
    expect(listed.map(([r]) => r)).toEqual([...COMPAT_RULES.keys()]);
  });
});
