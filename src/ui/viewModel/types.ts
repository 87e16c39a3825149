// The view model: what the panes show, as plain data (it crosses the worker boundary by structured clone).
import type {
  ConversionGraph,
  ConversionStrategy,
  DeployedFate,
  DraftData,
  DraftTarget,
  StorageView,
  FateKind,
  HubChoice,
  Issue,
  IssueCode,
  Kind,
  Path,
  Plan,
  PropertyChangeKind,
  SourceRange,
  Strategy,
  Version,
  Verdict,
} from '../../core/index.ts';
import type { ExplorerState } from '../state.ts';

/** One rendered line of a YAML document, with the fate of the field it shows. */
export interface Line {
  /** Spaces before the key (or the value, for scalar array items). */
  readonly indent: number;
  /** True when the line starts an array item (`- ` drawn in the two columns before `indent`). */
  readonly dash?: boolean;
  readonly key?: string;
  /** Scalar text (already YAML-quoted), `{}` / `[]` for empty collections, absent for nested ones. */
  readonly value?: string;
  /** pathKey of the node in this pane's document. */
  readonly path: string;
  /** pathKey of the field in the source document it came from (for cross-pane highlighting); absent when it is `path`. */
  readonly src?: string;
  readonly fate?: FateKind;
  readonly reason?: string;
  readonly code?: IssueCode;
  /** A placeholder for a field the destination requires but does not have. */
  readonly missing?: boolean;
  /**
   * A field this pane's document does not have (lost or pruned), drawn where it would be: `root` for the
   * field's own line, `inside` for the lines of its value.
   */
  readonly ghost?: 'root' | 'inside';
}

export interface SourceFate {
  readonly path: string;
  readonly fate: FateKind;
  readonly reason: string;
}

export interface PaneView {
  /** Version shown (`2011-01-01`, `2019-09-09storage`). */
  readonly version: string;
  /** The lines, packed (see packLines): a 1 MB document crosses the worker boundary as a few buffers. */
  readonly lines: PackedLines;
  /** Fate counts, for the legend. */
  readonly counts: Partial<Record<FateKind, number>>;
  /** Lines a conversion rule wrote: [pathKey in this pane's document, rule id] (few: not packed). */
  readonly rules?: readonly (readonly [string, string])[];
  /** Only the first lines (a large input's first phase): the second phase brings the whole pane. */
  readonly partial?: true;
}

/** Lines as one string plus typed arrays; `lineAt` unpacks the few the page draws (see packLines). */
export interface PackedLines {
  readonly size: number;
  /** The longest line, in characters. */
  readonly width: number;
  /** Every raw key, scalar text and explicit source path, concatenated. */
  readonly text: string;
  /**
   * Per line 8 numbers: offsets into text of the key, the value and the explicit source path (start, end;
   * -1 when absent), then the line whose path this line's extends (-1: the root) and the array index it
   * adds (-1: none).
   */
  readonly offs: Int32Array;
  /** Per line: indent | flags << 16 (1 dash, 2 missing, 4 source path differs), fate index + 1 (0: none). */
  readonly meta: Int32Array;
  /** Per line: index into notes of the reason, and of the code; -1 when absent. */
  readonly notes: readonly string[];
  readonly noteIdx: Int32Array;
}

/** What the page shows of a version: the model's own fields (no schema, no types). */
export type VersionSummary = Pick<
  Version,
  'name' | 'role' | 'twin' | 'served' | 'crdStorage' | 'deprecated' | 'deprecationWarning'
>;

/** What the page shows of a kind: the model's own fields, its versions summarized. */
export interface KindSummary extends Pick<
  Kind,
  'group' | 'kind' | 'hub' | 'hubReason' | 'crdStorageVersion' | 'storedVersions' | 'strategy'
> {
  /** Hubs the user can pick: the default, and the storage variant of the CRD's own storage version. */
  readonly hubChoices?: readonly HubChoice[];
  readonly versions: readonly VersionSummary[];
  readonly graphs: Partial<Record<Strategy, ConversionGraph>>;
}

export interface CatalogSummary {
  readonly id: string;
  readonly title: string;
  readonly kinds: readonly KindSummary[];
}

export interface DocumentSummary {
  readonly index: number;
  readonly label: string;
  /** False for a document (of several) whose kind and version the catalog does not have. */
  readonly known?: false;
}

export interface BagEntry {
  /** Path of the bag entry: the owning object's path, `$propertyBag`, the key. */
  readonly path: Path;
  readonly key: string;
  readonly raw: string;
  /** The decoded value (JSON when the text parses, else the raw string). */
  readonly decoded: unknown;
  readonly sourcePath?: Path;
  readonly reason?: string;
}

export interface LostEntry {
  readonly kind: FateKind;
  readonly path: Path;
  readonly reason: string;
  readonly code?: IssueCode;
  /** Where the loss happens: converting to the hub or on the way to the target. */
  readonly stage: 'hub' | 'target';
}

export interface Marker {
  readonly severity: 'error' | 'warning' | 'info';
  readonly code: IssueCode;
  readonly message: string;
  readonly range: SourceRange;
}

/** Would the API server accept it: a pane's verdict (src/ui/worker/validation.ts). */
export interface ValidationSummary {
  /** The version validated against. */
  readonly version?: string;
  readonly errors: number;
  readonly warnings: number;
  /** The first rejections, for the badge's title. */
  readonly first: readonly { readonly code: IssueCode; readonly message: string; readonly path: string }[];
}

export interface ValidationView {
  /** True when the selected document's version has a CRD schema (the editor then leaves validation to us). */
  readonly covered: boolean;
  /** With several documents: each one's place in the text (cursor -> document, picker -> scroll) and errors. */
  readonly documents: readonly {
    readonly index: number;
    readonly start: number;
    readonly end: number;
    readonly line: number;
    readonly errors: number;
  }[];
  readonly source?: ValidationSummary;
  readonly target?: ValidationSummary;
}

/** A document before and after a trip through other versions, both as YAML, and the verdict. */
export interface BeforeAfterView {
  readonly version: string;
  readonly before: string;
  readonly after: string;
  readonly lossless: boolean;
}

/** `version` -> hub -> `version`: the input document and its image. */
export interface RoundTripView extends BeforeAfterView {
  /** What the trip passes through: `hub` (ASO: spoke -> hub -> spoke) or `stored at v2` (As deployed). */
  readonly through: string;
  readonly differences: readonly Path[];
  readonly issues: readonly Issue[];
}

/** Read at `version` (an older client), write back: the hub before, and after hub -> B -> hub. */
export interface WriteBackView extends BeforeAfterView {
  /** Fields present in the hub before and gone (or changed) after. */
  readonly destroyed: readonly Path[];
}

export interface ChangeRow {
  readonly path: string;
  /** The change in words, and its kind (core's PropertyChangeKind). */
  readonly change: string;
  readonly kind: PropertyChangeKind;
  readonly detail: string;
  readonly compatible?: boolean;
  /** pathKey of the first place the input document uses this field (absent: unused). */
  readonly usedAt?: string;
}

export interface ChangesView {
  readonly from: string;
  readonly to: string;
  readonly verdict: string;
  readonly compatible: boolean;
  readonly rows: readonly ChangeRow[];
  /** Conversion rules drafted from strong evidence (pair ordered older -> newer), offered beside their change. */
  readonly drafts?: { readonly target: DraftTarget; readonly offers: readonly DraftData[] };
}

/** The explorer's choices (state.ts says what each means; `hub` may also name an API version for its twin). */
export interface ExploreRequest extends Pick<
  ExplorerState,
  'document' | 'sourceVersion' | 'targetVersion' | 'strategy' | 'hub' | 'storage' | 'conversion' | 'rules'
> {
  readonly catalogKey: string;
  readonly input: string;
  /** Version for "read at version B, write back". */
  readonly writeBackVersion?: string;
  /** Compute the round trip and the write-back (only while their view is open: they cost four conversions). */
  readonly roundTrip?: boolean;
}

/** The user's conversion rules as the worker read them. */
export interface RulesView {
  /**
   * Parse problems and paths the catalog lacks, each with its file (`rules.yaml`), line and column; as deployed
   * and in the ASO view, also what applying them to the document reported (RULE_FAILED: a CEL expression failed), at the rule's line.
   */
  readonly issues: readonly Issue[];
  /** The number of conversions the rules declare (those without problems). */
  readonly conversions: number;
  /** The view whose conversion the rules are (as deployed: the webhook); absent when this view does not use them. */
  readonly appliedIn?: StorageView;
  /** The text is not YAML: the conversions are the last rules that parsed (see rulesView's CheckedRules). */
  readonly lastGood?: true;
}

/** One fate of the deployed pipeline, for the list and the banner (`copied` are only coloured, not listed). */
export interface DeployedFateRow extends Pick<DeployedFate, 'kind' | 'on' | 'by' | 'cause' | 'pane'> {
  /** Formatted path (`spec.postRenderers[0].kustomize.patchesStrategicMerge`). */
  readonly path: string;
  readonly segments: Path;
  /** The conversion rule (its id) that moved, computed or dropped the field. */
  readonly rule?: string;
  /** The fate in words, the rule named: "moved by rule `infrastructureRef`", "dropped on purpose by rule ...". */
  readonly words: string;
}

/** A request the API server fails (core's DeployedRejection), its path formatted. */
export interface DeployedRejectionRow {
  readonly on: 'write' | 'read';
  readonly code: IssueCode;
  readonly path: string;
  readonly message: string;
}

/** The as-deployed view: written at V, stored at S, read at T (CONVERSION.md 1a, 10). */
export interface DeployedView {
  readonly from: string;
  readonly storage: string;
  readonly to: string;
  readonly conversion: ConversionStrategy;
  /** A multi-version CRD whose versions differ and that declares no conversion (offer the choice). */
  readonly conversionUndeclared: boolean;
  /** The CRD's own versions (no synthetic storage variants). */
  readonly versions: readonly string[];
  readonly stored: PaneView;
  readonly target: PaneView;
  readonly fates: readonly DeployedFateRow[];
  /** The loudest thing on the page: what a write loses. */
  readonly droppedOnWrite: readonly DeployedFateRow[];
  /** The API server would fail the request: the write (metadata of the wrong type) or a conversion's metadata. */
  readonly rejected: boolean;
  /** Why, each on the write or the read (INVALID_METADATA, CONVERSION_INVALID_METADATA): the banner's lines. */
  readonly rejections?: readonly DeployedRejectionRow[];
  /** The user's conversion rules were the webhook of this view. */
  readonly byRules: boolean;
}

/** Source ranges of a document's nodes in a compact, transferable form. */
export interface RangeTable {
  /** pathKeys, one per range. */
  readonly keys: readonly string[];
  /** Six numbers per key: start offset, line, col; end offset, line, col. */
  readonly nums: Int32Array;
}

export interface ExploreResult {
  readonly catalog?: CatalogSummary;
  readonly catalogIssues: readonly Issue[];
  readonly documents: readonly DocumentSummary[];
  readonly document: number;
  /** Every problem of this view: syntax, unknown kind or version, conversion issues. */
  readonly issues: readonly Issue[];
  /** Problems that stop the conversion (syntax error, unknown kind): shown instead of the panes' content. */
  readonly blocking: readonly Issue[];
  readonly markers: readonly Marker[];
  readonly kind?: KindSummary;
  readonly sourceVersion?: string;
  readonly targetVersion?: string;
  readonly strategy?: Strategy;
  /** Fates of the input's fields other than `copied` (the input is shown in the editor, coloured by these). */
  readonly sourceFates: readonly SourceFate[];
  /** True when the input is large enough that only the fates that matter were recorded (not every copy). */
  readonly sparseFates: boolean;
  readonly hub?: PaneView;
  readonly target?: PaneView;
  readonly bag: readonly BagEntry[];
  readonly lost: readonly LostEntry[];
  readonly plan?: Plan;
  readonly roundTrip?: RoundTripView;
  readonly writeBack?: WriteBackView;
  /** The plan's type plans (`from>to:sourceType`) whose objects occur in the input document. */
  readonly planUsed?: readonly string[];
  /** What a client of the target version destroys when it writes the object back (a badge on Target). */
  readonly writeBackVerdict?: { readonly version: string; readonly destroyed: readonly Path[] };
  readonly changes?: ChangesView;
  /** The view this result tells (the request's, or the catalog's default). */
  readonly storageView?: StorageView;
  readonly deployed?: DeployedView;
  /** The one verdict of this view (core's): badges, tabs, Markdown and the CLI render it. */
  readonly verdict?: Verdict;
  /** The user's conversion rules (absent when the request had none). */
  readonly rules?: RulesView;
  /** Ranges of the selected document's nodes, for cursor <-> field mapping and markers. */
  readonly ranges: RangeTable;
  /** JSON Schema of the source version for monaco-yaml. */
  readonly schema?: unknown;
  /** API-server validation of every document and of the converted one (absent when nothing converted). */
  readonly validation?: ValidationView;
  /**
   * Set when `ranges` and the markers they place are still to come (a large input's panes are sent first):
   * a `ranges` request with the same id asks for them, and an `update` reply completes this result.
   */
  readonly rangesPending?: boolean;
  readonly millis: number;
}

/** A view's panes: the ASO design's Hub and Target, or As deployed's Stored and Target. */
export interface WholePanes {
  readonly hub?: PaneView;
  readonly stored?: PaneView;
  readonly target?: PaneView;
}

/** Completes a result sent with `rangesPending`: its ranges and markers, or a whole result replacing it. */
export type ExploreUpdate =
  | {
      readonly ranges: RangeTable;
      readonly markers: readonly Marker[];
      readonly millis: number;
      /** The whole panes, when the first phase sent only their first lines (firstLines.ts). */
      readonly panes?: WholePanes;
    }
  | { readonly result: ExploreResult };

export interface ImportResult {
  /** The catalog as JSON (what loadCatalog reads), absent when nothing could be imported. */
  readonly json?: unknown;
  readonly title?: string;
  readonly hash?: string;
  readonly issues: readonly Issue[];
}

/** The Strategies tab: seed 003's storage designs for one kind (see core compareStrategies). */
export interface StrategiesRequest {
  readonly catalogKey: string;
  readonly group: string;
  readonly kind: string;
  readonly horizon?: number;
  readonly at?: string;
}
