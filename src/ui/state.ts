// The explorer's whole shareable state. The share codec (src/ui/share/) encodes exactly this;
// everything else on screen is derived from it.
import type { ConversionStrategy, Path, StorageView, Strategy } from '../core/index.ts';

/** How a catalog is referenced: a built-in by id and content hash, an https URL, or embedded (user file). */
export type CatalogRef =
  | { readonly type: 'builtin'; readonly id: string; readonly hash?: string }
  | { readonly type: 'url'; readonly url: string; readonly hash?: string }
  /** `sources` are the files the user loaded (name + text); re-imported on open. */
  | {
      readonly type: 'embedded';
      readonly name: string;
      readonly hash: string;
      readonly sources: readonly { readonly name: string; readonly text: string }[];
    };

export type ViewId = 'bag' | 'lost' | 'plan' | 'roundtrip' | 'map' | 'changes' | 'strategies' | 'rules' | 'problems';

export interface ExplorerState {
  readonly catalog: CatalogRef;
  /** The input text exactly as typed. */
  readonly input: string;
  /** Index of the selected document in a multi-document input. */
  readonly document: number;
  /** Source version override; by default the document's apiVersion decides. */
  readonly sourceVersion?: string;
  /** Target version; by default the newest API version other than the source. */
  readonly targetVersion?: string;
  readonly strategy?: Strategy;
  /** Hub picked instead of the default (the CRD's own storage version); a storage variant's name. */
  readonly hub?: string;
  readonly view: ViewId;
  /** As deployed (the API server) or ASO design; by default core's defaultStorageView decides. */
  readonly storage?: StorageView;
  /** Conversion chosen for a CRD that declares none ("None, as the file says" / "a webhook"). */
  readonly conversion?: ConversionStrategy;
  /** The highlighted field (JSON path in the source document). */
  readonly highlight?: Path;
  /** Conversion rules (docs/conversion-rules.md) as typed; absent when none. */
  readonly rules?: string;
}

export const DEFAULT_VIEW: ViewId = 'bag';

/**
 * How long work that scales with the input (link encoding, autosave) waits after a change: longer for a
 * large input, so it runs after that input's conversion instead of competing with it (1 MB: about 1 s).
 */
export const settleDelay = (input: string, base: number): number => base + Math.round(input.length / 1000);
