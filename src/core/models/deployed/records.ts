// What a stage of the API server's pipeline did, by path: a structured record (stage, path, cause), no wording.
import type { Path } from '../../model/issue.ts';
import type { DeployedCause, DeployedStep } from '../../fates/deployedFates.ts';

export type { DeployedCause, DeployedStep };

export interface StageRecord {
  readonly step: DeployedStep;
  readonly path: Path;
  readonly cause: DeployedCause;
}

/** Receives one record; `path` is a fresh array the receiver may keep. */
export type Recorder = (path: Path, cause: DeployedCause, rule?: string) => void;

/** A recorder that collects records of `step` into `out`. */
export const collect =
  (out: StageRecord[], step: DeployedStep): Recorder =>
  (path, cause) =>
    void out.push({ step, path, cause });
