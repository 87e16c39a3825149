// `npm run docs:cli`: writes the CLI's option list, generated from the command declarations, between the
// `<!-- cli-options:start -->` / `<!-- cli-options:end -->` markers of docs/cli.md (or README.md, whichever holds
// them; docs/cli.md gets them appended when neither does), formatted as `prettier --check` wants it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { DOC_FILES, cliOptionsMarkdown, withOptionsBlock } from '../src/cli/cliDocs.ts';
import { COMMANDS } from '../src/cli/main.ts';

const root = path.resolve(import.meta.dirname, '..');
const block = cliOptionsMarkdown(COMMANDS);
const found = DOC_FILES.map((f) => path.join(root, f)).find(
  (f) => existsSync(f) && withOptionsBlock(readFileSync(f, 'utf8'), block) !== undefined,
);
const file = found ?? path.join(root, 'docs/cli.md');
const before = existsSync(file) ? readFileSync(file, 'utf8') : '# The command line\n';
const text = withOptionsBlock(before, block) ?? `${before.trimEnd()}\n\n## Commands and options\n\n${block}\n`;
const formatted = await format(text, { ...(await resolveConfig(file)), filepath: file });
if (formatted !== before) writeFileSync(file, formatted);
console.log(`${path.relative(root, file)}: ${formatted === before ? 'up to date' : 'written'}`);
