// Types the command modules share, in a file that imports none of them: the parsed arguments, the storage view
// chosen on the command line, and the deployed view's version-pair report (kept here so that neither
// command.ts <-> deployedArgs.ts nor deployedCommands.ts <-> rulesArg.ts import each other for a type).
import type { ConversionStrategy, StorageView } from '../../core/index.ts';

export interface ParsedArgs {
  /** The last value of each option given (by its long name). */
  readonly values: Readonly<Record<string, string>>;
  /** Every value of each option given, in order (for repeatable options such as census's `--catalog`). */
  readonly lists: Readonly<Record<string, readonly string[]>>;
  readonly flags: ReadonlySet<string>;
  readonly positionals: readonly string[];
}

export interface StorageChoice {
  readonly storage?: StorageView;
  readonly conversion?: ConversionStrategy;
  readonly error?: string;
}

export interface VersionPairReport {
  readonly group: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  readonly storage: string;
  readonly conversion: ConversionStrategy;
  readonly lossless: boolean;
  readonly droppedOnWrite: readonly (readonly string[])[];
  readonly droppedOnRead: readonly (readonly string[])[];
}
