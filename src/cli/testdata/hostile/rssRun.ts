// Test-only child process: runs the CLI with the arguments given and prints, last on stdout, `maxRSS <kB>`
// (the process's peak resident memory), so a test can bound memory under a --max-old-space-size cap.
import { main } from '../../main.ts';
import { nodeIO } from '../../io.ts';

const code = await main(process.argv.slice(2), nodeIO);
process.stdout.write(`\nmaxRSS ${process.resourceUsage().maxRSS}\n`);
process.exitCode = code;
