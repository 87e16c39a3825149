// Options several commands share, declared once: the catalog, the input file, the storage view, rules, the ASO
// planner's hub and strategy, samples and generated instances, output formats.
import type { OptionSpec } from './command.ts';

export const CATALOG: OptionSpec = {
  name: '--catalog',
  value: 'SRC',
  required: true,
  help: 'a catalog JSON, a built-in id (crm-person, servicefabric, person-v1v2), or CRD / OpenAPI / config files or folders, comma-separated',
};

export const FILE: OptionSpec = {
  name: '--file',
  alias: '-f',
  value: 'FILE|-',
  required: true,
  help: 'the resources: multi-document YAML, a List, or JSON (- reads stdin)',
};

export const JSON_OUTPUT: OptionSpec = { name: '--json', help: 'stable JSON (sorted keys; docs/cli-json.md)' };

export const KIND: OptionSpec = { name: '--kind', value: 'K', required: true, help: 'the kind (or group/kind)' };

/** `--storage` and `--conversion`: the view (deployedArgs.ts checks how they combine with the ASO-only options). */
export const STORAGE: readonly OptionSpec[] = [
  {
    name: '--storage',
    choices: ['deployed', 'aso'],
    help: "the view: the API server's pipeline (deployed) or ASO's storage design (aso); default by the catalog",
  },
  {
    name: '--conversion',
    choices: ['none', 'webhook'],
    help: "deployed view: the CRD's conversion strategy, when the file declares none",
  },
];

/** `--hub` and `--strategy`: how the ASO view plans conversions (they imply `--storage aso`). */
export const ASO_PLANNING: readonly OptionSpec[] = [
  {
    name: '--hub',
    value: 'V',
    help: "ASO view: convert through version V's storage variant instead of the default hub",
  },
  {
    name: '--strategy',
    choices: ['direct', 'chained'],
    help: 'ASO view: every version straight to the hub (direct) or through the versions between (chained)',
  },
];

export const RULES: OptionSpec = {
  name: '--rules',
  value: 'FILE',
  help: "conversion rules (docs/conversion-rules.md): the webhook as deployed, beside the generated steps in ASO's view",
};

export const SAMPLES: OptionSpec = { name: '--samples', value: 'PATH', help: 'sample resources (files or folders)' };
export const FUZZ: OptionSpec = {
  name: '--fuzz',
  value: 'N',
  help: 'generated instances per version (default 100 without --samples, else 0)',
};
export const SEED: OptionSpec = { name: '--seed', value: 'S', help: "the generator's seed (default 1)" };

/** `--from V1 --to V2`: the two versions a comparison takes. */
export const VERSION_PAIR: readonly OptionSpec[] = [
  { name: '--from', value: 'V1', required: true, help: 'the older version' },
  { name: '--to', value: 'V2', required: true, help: 'the newer version' },
];

/** The shared exit 1 of the conversion commands. */
export const LOSS_EXIT = 'data would be lost (a field dropped, pruned or lost), or the result would be rejected';

/** `--webhook URL`: a running conversion webhook is the conversion (As deployed; webhook/webhookOption.ts). */
export const WEBHOOK: readonly OptionSpec[] = [
  {
    name: '--webhook',
    value: 'URL',
    help: 'deployed view: a running conversion webhook converts (real ConversionReviews)',
  },
  { name: '--webhook-ca', value: 'FILE', help: "the webhook's CA certificate (PEM)" },
  { name: '--webhook-insecure', help: 'skip the webhook certificate check (loopback addresses only)' },
  { name: '--webhook-timeout', value: 'MS', help: 'time per webhook request in milliseconds (default 30000)' },
];

/** The progress line of a long run (stderr on a terminal only; never with JSON output). */
export const PROGRESS: readonly OptionSpec[] = [
  { name: '--progress', help: 'on a terminal, show progress on stderr from the start (by default: after a second)' },
  { name: '--no-progress', help: 'never show the progress line' },
];

/** `--jobs N`: the threads that judge a streamed input's objects (streamInput.ts, parallel/judgePool.ts). */
export const JOBS: OptionSpec = {
  name: '--jobs',
  value: 'N|auto',
  help: 'threads judging objects: 1 this one only, N: N-1 workers at once; auto (default): the cores, for long runs',
};
