// The commands a worker can judge for, by name: each builds its judge from the command's arguments, as its `run`
// does in the main thread (one setup, one judge; the worker only carries them).
import type { CommandArgs } from '../commands/command.ts';
import type { CommandIO } from '../io.ts';
import type { Judge } from './judgeBatch.ts';
import { validateJudge } from '../commands/validate.ts';
import { migrateJudge } from '../commands/migrate.ts';
import { convertJudge } from '../commands/convert.ts';
import { roundtripJudge } from '../commands/roundtripSamples.ts';

export type JudgeSetup = (a: CommandArgs, io: CommandIO) => Promise<Judge<unknown> | undefined>;

export const JUDGES: Readonly<Record<string, JudgeSetup>> = Object.assign(Object.create(null) as object, {
  validate: validateJudge,
  migrate: migrateJudge,
  convert: convertJudge,
  roundtrip: roundtripJudge,
});
