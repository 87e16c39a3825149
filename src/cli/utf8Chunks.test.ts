// Streamed input is decoded as strictly as a whole file: a character cut between chunks is whole, a byte that is
// not UTF-8 stops the read with NOT_UTF8 at its line and column, wherever the chunks are cut.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputIssueError, utf8Chunks, utf8Text } from './io.ts';

async function* chunked(bytes: Uint8Array, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (const c of [...cuts].sort((a, b) => a - b)) {
    yield bytes.subarray(at, c);
    at = c;
  }
  yield bytes.subarray(at);
}

async function read(bytes: Uint8Array, cuts: readonly number[]): Promise<string | InputIssueError> {
  let text = '';
  try {
    for await (const t of utf8Chunks(chunked(bytes, cuts), 'f.yaml')) text += t;
    return text;
  } catch (e) {
    if (e instanceof InputIssueError) return e;
    throw e;
  }
}

describe('utf8Chunks', () => {
  it('gives the text whole however the bytes are cut (characters of 1 to 4 bytes)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme' }), fc.array(fc.nat()), async (s, raw) => {
        const bytes = Buffer.from(s, 'utf8');
        const cuts = raw.map((n) => n % (bytes.length + 1));
        expect(await read(bytes, cuts)).toBe(s);
      }),
    );
  });

  it('refuses a bad byte at the line and column a whole-file read names, wherever the chunks are cut', async () => {
    const bytes = Buffer.concat([Buffer.from('a: 1\nname: caf', 'utf8'), Buffer.from([0xe9]), Buffer.from('\nb: 2\n')]);
    let whole: InputIssueError | undefined;
    try {
      utf8Text(bytes, 'f.yaml');
    } catch (e) {
      whole = e as InputIssueError;
    }
    expect(whole?.issue.range?.start).toMatchObject({ line: 2, col: 10 });
    for (let cut = 0; cut <= bytes.length; cut++) {
      const got = await read(bytes, [cut]);
      expect(got).toBeInstanceOf(InputIssueError);
      const issue = (got as InputIssueError).issue;
      expect(issue.code).toBe('NOT_UTF8');
      expect(issue.range?.start).toMatchObject({ line: 2, col: 10 });
    }
  });

  it('refuses input that ends inside a character', async () => {
    const got = await read(Buffer.from([0x61, 0x0a, 0xe2, 0x82]), [3]);
    expect((got as InputIssueError).issue).toMatchObject({ code: 'NOT_UTF8', range: { start: { line: 2 } } });
  });

  it('any bytes, cut anywhere: the same text as a whole-file read, or NOT_UTF8 at the same place', async () => {
    // mostly text, with bytes that start, continue or cannot be in a character (and BOMs) mixed in
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 6 }).map((t) => [...Buffer.from(t, 'utf8')]),
      fc.array(fc.constantFrom(0x0a, 0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xed, 0xf0, 0xf4, 0xf5, 0xff), { maxLength: 3 }),
      fc.constant([0xef, 0xbb, 0xbf]),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 4 }), async (ps, raw) => {
        const bytes = Buffer.from(ps.flat());
        let whole: string | InputIssueError;
        try {
          whole = utf8Text(bytes, 'f.yaml');
        } catch (e) {
          whole = e as InputIssueError;
        }
        const got = await read(
          bytes,
          raw.map((n) => n % (bytes.length + 1)),
        );
        if (typeof whole === 'string') expect(got).toBe(whole);
        else {
          expect(got).toBeInstanceOf(InputIssueError);
          const at = (got as InputIssueError).issue.range?.start;
          expect(at?.line).toBe(whole.issue.range?.start.line);
          expect(at?.col).toBe(whole.issue.range?.start.col);
        }
      }),
      { numRuns: 500, seed: 28 },
    );
  });
});
