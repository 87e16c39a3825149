import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EditorEcho } from './editorSync.ts';

describe('EditorEcho', () => {
  it('never pushes an older keystroke back into the editor when React commits it late', () => {
    const echo = new EditorEcho();
    expect(echo.committed('a')).toBe(true); // the initial state
    echo.typed('ab');
    echo.typed('abc');
    // React commits the 'ab' state after the editor already holds 'abc'.
    expect(echo.committed('ab')).toBe(false);
    expect(echo.committed('abc')).toBe(false);
    expect(echo.latest).toBe('abc');
  });

  it('pushes a text that came from outside (link, reset, catalog switch)', () => {
    const echo = new EditorEcho();
    echo.typed('x');
    expect(echo.committed('from a link')).toBe(true);
    expect(echo.latest).toBe('from a link');
    // The editor's keystrokes before the replacement are forgotten.
    expect(echo.committed('x')).toBe(true);
  });

  it('for any interleaving of typing and late commits, only outside texts are pushed', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 30 }), (lags) => {
        const echo = new EditorEcho();
        const typed: string[] = [];
        let committedUpTo = -1;
        for (const [i, lag] of lags.entries()) {
          const text = `t${i}`;
          typed.push(text);
          echo.typed(text);
          // Commit some text between the last commit and the newest keystroke (never going backwards).
          const at = Math.max(committedUpTo, i - lag);
          if (at > committedUpTo && at >= 0) {
            committedUpTo = at;
            expect(echo.committed(typed[at] as string)).toBe(false);
          }
        }
        expect(echo.latest).toBe(typed[typed.length - 1]);
      }),
    );
  });
});
