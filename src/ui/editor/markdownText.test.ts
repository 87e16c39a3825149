import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeMarkdown, schemaForHover } from './markdownText.ts';

const SPECIAL = '\\`*_{}[]()#+-.!<>|~&';
/** Removes Markdown backslash escapes (what the renderer does for ASCII punctuation). */
const unescape = (s: string) => s.replace(/\\([\\`*_{}[\]()#+\-.!<>|~&])/g, '$1');

describe('escapeMarkdown', () => {
  it('escapes every Markdown character and renders back to the same text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...SPECIAL, 'a', ' ', 'v1', ':', '/', '\n') }), (s) => {
        const e = escapeMarkdown(s);
        expect(unescape(e)).toBe(s);
        // every special character is preceded by a backslash that is itself not escaped
        expect(e.replace(/\\[\\`*_{}[\]()#+\-.!<>|~&]/g, '')).not.toMatch(/[\\`*_{}[\]()#+\-.!<>|~&]/);
      }),
      { numRuns: 500, seed: 12 },
    );
  });

  it('a hostile version name stays text: no link, image or HTML', () => {
    const name = 'v1](javascript:alert(1)) ![x](https://evil.example/p.png) <img src=x onerror=alert(1)>';
    expect(escapeMarkdown(name)).not.toMatch(/(^|[^\\])[[\]()<>!]/);
  });

  it('escapes titles and descriptions of a schema, at any level, keeping the rest', () => {
    const s = schemaForHover({
      title: 'Kind x.io/v1<b>',
      type: 'object',
      properties: { ['__proto__']: { type: 'string', description: '[a](b)' } },
      markdownDescription: '**raw**',
    }) as Record<string, unknown>;
    expect(s.title).toBe('Kind x\\.io/v1\\<b\\>');
    expect(s.markdownDescription).toBeUndefined();
    const props = s.properties as Record<string, { description: string; type: string }>;
    expect(Object.keys(props)).toEqual(['__proto__']);
    expect(props['__proto__']).toEqual({ type: 'string', description: '\\[a\\]\\(b\\)' });
  });
});
