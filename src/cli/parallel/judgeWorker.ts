// A judging worker: builds the command's judge from the same arguments as the main thread (its own catalog and
// caches), then judges each batch it is sent with judgeBatch, the function the main thread runs too. Transport only.
import { parentPort, workerData } from 'node:worker_threads';
import type { CommandIO } from '../io.ts';
import { nodeIO } from '../io.ts';
import type { CommandArgs } from '../commands/command.ts';
import { judgeBatch } from './judgeBatch.ts';
import type { BatchMessage, WorkerReply, WorkerStart } from './judgePool.ts';
import { JUDGES } from './judges.ts';

const port = parentPort;
const { plan } = workerData as WorkerStart;
const post = (m: WorkerReply) => port?.postMessage(m);
// what the setup would print, the main thread printed already
const quiet: CommandIO = { ...nodeIO, out: () => undefined, err: () => undefined };
const args: CommandArgs = {
  ...plan.args,
  flags: new Set(plan.args.flags),
  usageError: () => 2,
};
const setup = JUDGES[plan.command];
const judge = setup ? await setup(args, quiet).catch(() => undefined) : undefined;
if (!judge) post({ type: 'failed' });
else {
  post({ type: 'ready' });
  port?.on('message', (b: BatchMessage) =>
    post({ type: 'judged', seq: b.seq, results: judgeBatch(b.pieces, b.file, b.start, judge) }),
  );
}
