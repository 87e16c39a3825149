import { describe, expect, it } from 'vitest';

const ESC = String.fromCharCode(27);
const wipe = (t: string) => t.split(ESC).join('<ESC>');
import { Progress, SHOW_AFTER_MS } from './progress.ts';
import { eachDocument, HeldOutput, progressWanted } from './streamInput.ts';
import { fakeIO } from './testdata/fakeIO.ts';

const clock = () => {
  let t = 0;
  return { now: () => t, at: (ms: number) => void (t = ms) };
};

describe('the progress line', () => {
  it('appears after about a second, with objects, rate, percent and time left; cleared before other output', () => {
    const c = clock();
    const lines: string[] = [];
    const p = new Progress({ write: (t) => void lines.push(t), total: 1000, now: c.now });
    c.at(SHOW_AFTER_MS / 2);
    p.tick(50, 100);
    expect(lines).toEqual([]);
    c.at(2000);
    p.tick(200, 250);
    expect(lines).toHaveLength(1);
    expect(wipe(lines[0] as string)).toBe('\r200 objects, 100/s, 25%, about 6 s left<ESC>[K');
    c.at(2100); // throttled
    p.tick(210, 260);
    expect(lines).toHaveLength(1);
    p.clear();
    expect(lines.at(-1)).toBe('\r\u001b[K');
    p.clear(); // once
    expect(lines).toHaveLength(2);
  });

  it('--progress shows it at once; without a known size, no time left', () => {
    const c = clock();
    const lines: string[] = [];
    const p = new Progress({ write: (t) => void lines.push(t), eager: true, now: c.now });
    c.at(10);
    p.tick(3, 30);
    expect(wipe(lines[0] as string)).toMatch(/^\r3 objects, [\d.]+\/s<ESC>\[K$/);
  });

  it('only on a terminal, never with JSON output or --no-progress', () => {
    const tty = { ...fakeIO().io, errIsTerminal: () => true };
    expect(progressWanted(tty, new Set(), false)).toBe('yes');
    expect(progressWanted(tty, new Set(['--progress']), false)).toBe('eager');
    expect(progressWanted(tty, new Set(['--no-progress', '--progress']), false)).toBe('no');
    expect(progressWanted(tty, new Set(['--progress']), true)).toBe('no');
    expect(progressWanted(fakeIO().io, new Set(['--progress']), false)).toBe('no');
  });

  it('eachDocument: what the command writes wipes the line first; documents in order', async () => {
    const f = fakeIO('a: 1\n---\na: 2\n---\na: 3\n');
    const io = { ...f.io, errIsTerminal: () => true };
    const seen: unknown[] = [];
    const run = await eachDocument(io, '-', 'eager', (d, dio) => {
      seen.push(d.value);
      dio.err(`doc ${d.index}\n`);
    });
    expect(run).toEqual({ name: '<stdin>', read: 3, bad: false });
    expect(seen).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    // the line is wiped before each message (and at the end) when it was shown
    expect(wipe(f.err()).replace(/\r[^\r\n]*<ESC>\[K/g, '')).toBe('doc 0\ndoc 1\ndoc 2\n');
  });
});

describe('HeldOutput', () => {
  it('holds output until its limit, then passes it through; discarded before, it writes nothing', () => {
    const out: string[] = [];
    const h = new HeldOutput((t) => void out.push(t), 10);
    h.out('12345');
    expect(out).toEqual([]);
    h.out('67890');
    expect(out).toEqual(['1234567890']);
    expect(h.started).toBe(true);
    h.out('x');
    expect(out).toEqual(['1234567890', 'x']);
    const dropped: string[] = [];
    const d = new HeldOutput((t) => void dropped.push(t), 10);
    d.out('abc');
    d.discard();
    d.flush();
    expect(dropped).toEqual([]);
  });
});
