// Types the command modules share, in a file that imports none of them: the parsed arguments and the storage
// view chosen on the command line (kept here so that command.ts and deployedArgs.ts do not import each other).
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
