// The worker's envelopes: one request id per message, replies matched by it. The values they carry are the view
// model's (viewModel/types.ts); this file is transport only.
import type { Census, Issue, StrategyComparison } from '../../core/index.ts';
import type { CrdAcceptance } from '../viewModel/crdAcceptance.ts';
import type {
  CatalogSummary,
  ExploreRequest,
  ExploreResult,
  ExploreUpdate,
  ImportResult,
  StrategiesRequest,
} from '../viewModel/types.ts';

export type WorkerRequest =
  | {
      readonly type: 'catalog';
      readonly id: number;
      readonly key: string;
      readonly json: unknown;
      readonly hooks?: string;
    }
  | { readonly type: 'explore'; readonly id: number; readonly request: ExploreRequest }
  /** Completes the explore request `id` sent with `rangesPending` (sent once its panes are painted). */
  | { readonly type: 'ranges'; readonly id: number }
  | {
      readonly type: 'import';
      readonly id: number;
      readonly files: readonly { readonly name: string; readonly text: string }[];
    }
  | { readonly type: 'strategies'; readonly id: number; readonly request: StrategiesRequest }
  | { readonly type: 'census'; readonly id: number; readonly catalogKey: string }
  /** Would the API server accept the CRDs in these files? */
  | {
      readonly type: 'crdCheck';
      readonly id: number;
      readonly files: readonly { readonly name: string; readonly text: string }[];
    };

export type WorkerResponse =
  | {
      readonly type: 'catalog';
      readonly id: number;
      readonly summary?: CatalogSummary;
      readonly issues: readonly Issue[];
    }
  | { readonly type: 'explore'; readonly id: number; readonly result: ExploreResult }
  | { readonly type: 'update'; readonly id: number; readonly update: ExploreUpdate }
  | { readonly type: 'import'; readonly id: number; readonly result: ImportResult }
  | {
      readonly type: 'strategies';
      readonly id: number;
      readonly comparison?: StrategyComparison;
      readonly issues: readonly Issue[];
    }
  | { readonly type: 'census'; readonly id: number; readonly census?: Census; readonly issues: readonly Issue[] }
  | { readonly type: 'crdCheck'; readonly id: number; readonly result: CrdAcceptance }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
