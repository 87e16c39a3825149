// Which commands close with a `verdict:` line (issue 23): every command that judges something (it declares exit 1)
// ends its stderr with exactly one, and exits by it; a command that prints an artefact or a report (`generate`,
// `strategies`, `census`, `rules schema`, `webhook manifests`: exit 0 or 2 only) judges nothing and prints none.
// Each command's own example (its --help) is run, so a new command is covered by its declaration. `check` (CI's
// compatibility check) is the one judge with a line of its own: `check: ok|FAILED: ...` on stdout, by its
// --fail-on policy, not a conversion verdict.
import { describe, expect, it } from 'vitest';
import { COMMANDS, main } from '../main.ts';
import { closingLine } from '../testdata/closing.ts';
import { fakeIO } from '../testdata/fakeIO.ts';

const leaves = COMMANDS.flatMap((c) => c.spec.subcommands ?? [c]);
const judges = (exitCodes: object | undefined): boolean => exitCodes !== undefined && Object.hasOwn(exitCodes, 1);
/** stderr without the summary's indented lines (per field path) that follow a streamed run's verdict line. */
const withoutSummaryLines = (err: string): string => err.replace(/(\n {2}[^\n]*)+\n?$/, '\n');

describe('closing lines follow what a command declares', () => {
  it('the commands that judge nothing are the ones that print an artefact or a report', () => {
    expect(leaves.filter((c) => !judges(c.spec.exitCodes)).map((c) => c.spec.name)).toEqual([
      'generate',
      'strategies',
      'census',
      'rules schema',
      'webhook manifests',
    ]);
  });

  it.each(leaves.map((c) => [c.spec.name, c.spec] as const))(
    '%s: its example',
    async (_, spec) => {
      expect(spec.example).toBeDefined();
      const f = fakeIO();
      const code = await main((spec.example ?? '').split(' '), f.io);
      if (spec.name === 'check') {
        expect(f.out()).toMatch(/^check: ok: /m);
        expect(code).toBe(0);
      } else if (judges(spec.exitCodes)) {
        const headline = closingLine(withoutSummaryLines(f.err()));
        expect(code).toBe(/^(Accepted|Lossless|Compatible)/.test(headline) ? 0 : 1);
      } else {
        expect(f.err()).not.toMatch(/^verdict: /m);
        expect(code).toBe(0);
        expect(f.out().length).toBeGreaterThan(0);
      }
    },
    60_000,
  );

  it('rules schema: the JSON Schema alone on stdout, nothing on stderr, exit 0', async () => {
    const f = fakeIO();
    expect(await main(['rules', 'schema'], f.io)).toBe(0);
    expect(f.err()).toBe('');
    expect((JSON.parse(f.out()) as { $schema?: string }).$schema).toMatch(/json-schema/);
  });
});
