// The CLI's option list for docs/cli.md (or the README), generated from the same declarations as `--help`:
// `npm run docs:cli` writes it between the markers, and cliDocs.test.ts fails when the file holds a stale list.
import type { Command } from './commands/command.ts';
import { allCommands, optionSignature, usageLine } from './commands/command.ts';

export const START = '<!-- cli-options:start -->';
export const END = '<!-- cli-options:end -->';

/** The files that may hold the block, in the order they are looked at. */
export const DOC_FILES = ['docs/cli.md', 'README.md'] as const;

const cell = (s: string): string => s.replace(/\|/g, '\\|');

/** One section per command and subcommand: summary, usage line, every option, exit codes, an example. */
export function cliOptionsMarkdown(commands: readonly Command[]): string {
  const out = [
    START,
    '',
    '<!-- Generated from the command declarations in src/cli/commands by `npm run docs:cli`: do not edit by hand. -->',
  ];
  for (const { spec } of allCommands(commands)) {
    out.push('', `### \`${spec.name}\``, '', `${spec.summary[0]?.toUpperCase() ?? ''}${spec.summary.slice(1)}.`);
    out.push('', '```text', usageLine(spec), '```');
    if (spec.subcommands)
      out.push('', `Subcommands: ${spec.subcommands.map((c) => `\`${c.spec.name}\``).join(', ')} (below).`);
    if (spec.options.length > 0) {
      out.push('', '| Option | What it does |', '| --- | --- |');
      for (const o of spec.options)
        out.push(
          `| \`${cell(optionSignature(o))}\` | ${cell(o.help)}${o.required ? ' (required)' : ''}${o.repeatable ? ' (repeatable)' : ''} |`,
        );
    }
    const codes = ([0, 1, 2] as const)
      .filter((c) => spec.exitCodes[c] !== undefined)
      .map((c) => `\`${c}\` ${spec.exitCodes[c] ?? ''}`);
    out.push('', `Exit codes: ${codes.join('; ')}.`, '', `Example: \`version-explorer ${spec.example}\``);
  }
  out.push('', END);
  return out.join('\n');
}

/** The text with the block between the markers replaced; undefined when the text has no markers. */
export function withOptionsBlock(text: string, block: string): string | undefined {
  const i = text.indexOf(START);
  const j = text.indexOf(END);
  if (i < 0 || j < i) return undefined;
  return `${text.slice(0, i)}${block}${text.slice(j + END.length)}`;
}

/** The section of the block that documents one command (from its heading to the next one). */
export function commandSection(block: string, name: string): string | undefined {
  const head = `### \`${name}\``;
  const i = block.indexOf(`${head}\n`);
  if (i < 0) return undefined;
  const next = block.indexOf('\n### ', i + head.length);
  return block.slice(i, next < 0 ? undefined : next);
}
