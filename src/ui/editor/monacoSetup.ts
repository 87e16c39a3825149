// Monaco 0.57 + monaco-yaml, set up once, offline. Loaded lazily with the editor chunk.
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/yaml/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { loader } from '@monaco-editor/react';
import { configureMonacoYaml, type MonacoYaml, type SchemasSettings } from 'monaco-yaml';

type WorkerFactory = { getWorker(moduleId: string, label: string): Worker };

const env: WorkerFactory = {
  getWorker(_moduleId, label) {
    if (label === 'yaml')
      return new Worker(new URL('./yaml.worker.ts', import.meta.url), { type: 'module', name: 'yaml' });
    return new EditorWorker();
  },
};
(self as unknown as { MonacoEnvironment: WorkerFactory }).MonacoEnvironment = env;

// monaco-yaml (via monaco-worker-manager) still calls createWebWorker with the pre-0.55 options;
// this is the protocol Monaco 0.54 used internally (monaco-yaml issue #272).
const native = monaco.editor.createWebWorker;
Object.assign(monaco.editor, {
  createWebWorker(opts: Record<string, unknown>) {
    if ('worker' in opts) return native(opts as unknown as Parameters<typeof native>[0]);
    const worker = env.getWorker(String(opts.moduleId), String(opts.label));
    worker.postMessage('ignore');
    worker.postMessage(opts.createData);
    return native({ worker, host: opts.host, keepIdleModels: opts.keepIdleModels } as unknown as Parameters<
      typeof native
    >[0]);
  },
});

// @monaco-editor/react would otherwise fetch Monaco from a CDN.
loader.config({ monaco });

// The app's palettes; vs-dark's comment green fails WCAG contrast on its background.
monaco.editor.defineTheme('ve-light', {
  base: 'vs',
  inherit: true,
  // YAML keys are `type` tokens: vs's teal (#008080) is below 4.5:1 on the fate tints.
  rules: [
    { token: 'comment', foreground: '59636e' },
    { token: 'type', foreground: '116329' },
    { token: 'number', foreground: '0550ae' },
  ],
  colors: {
    'diffEditor.insertedLineBackground': '#e6ffec',
    'diffEditor.insertedTextBackground': '#ccffd8',
    'diffEditor.removedLineBackground': '#ffebe9',
    'diffEditor.removedTextBackground': '#ffd7d5',
  },
});
monaco.editor.defineTheme('ve-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [{ token: 'comment', foreground: '9198a1' }],
  colors: {
    'editor.background': '#0d1117',
    'editorGutter.background': '#0d1117',
    'editorLineNumber.foreground': '#8b949e',
    'diffEditor.insertedLineBackground': '#12261e',
    'diffEditor.insertedTextBackground': '#1b4721',
    'diffEditor.removedLineBackground': '#25171c',
    'diffEditor.removedTextBackground': '#4f1d22',
  },
});

export const themeName = (dark: boolean | undefined): string => (dark ? 've-dark' : 've-light');

let yaml: MonacoYaml | undefined;
let yamlValidates = false;
/** Per model, the text version monaco-yaml last validated (its markers arrive ~500 ms after a change). */
const yamlValidated = new WeakMap<monaco.editor.ITextModel, number>();
/** monaco-yaml, seen through a Monaco whose setModelMarkers notes what it validated. */
const probed = {
  ...monaco,
  editor: {
    ...monaco.editor,
    setModelMarkers(model: monaco.editor.ITextModel, owner: string, markers: monaco.editor.IMarkerData[]) {
      if (owner === 'yaml') yamlValidated.set(model, model.getVersionId());
      monaco.editor.setModelMarkers(model, owner, markers);
    },
  },
} as typeof monaco;

/** True once monaco-yaml has validated `model`'s current text, or validates nothing (tests wait on it). */
export const yamlSettled = (model: monaco.editor.ITextModel): boolean =>
  !yamlValidates || yamlValidated.get(model) === model.getVersionId();

/** Each editor's schemas (monaco-yaml takes one list for every model) and whether it wants them validated. */
interface SchemaOwner {
  readonly schemas: SchemasSettings[];
  readonly validate: boolean;
}
const owners = new Map<string, SchemaOwner>();
/** Models whose editor leaves validation to the worker: monaco-yaml's markers on them are cleared. */
let quiet = new Set<string>();

monaco.editor.onDidChangeMarkers((uris) => {
  for (const uri of uris) {
    if (!quiet.has(uri.toString())) continue;
    const model = monaco.editor.getModel(uri);
    if (model && monaco.editor.getModelMarkers({ owner: 'yaml', resource: uri }).length > 0)
      monaco.editor.setModelMarkers(model, 'yaml', []);
  }
});

/**
 * Sets the JSON Schemas monaco-yaml completes, hovers and validates with for the editor of model `model` (one
 * monaco-yaml instance serves every editor). `validate` false: that model's schema markers are not shown (the
 * worker validates CRD versions as the API server does, so monaco-yaml would repeat it); undefined schemas:
 * the editor is gone.
 */
export function setYamlSchemas(model: string, schemas: SchemasSettings[] | undefined, validate = true): void {
  if (schemas) owners.set(model, { schemas, validate });
  else owners.delete(model);
  const all = [...owners.values()];
  const merged = all.flatMap((o) => o.schemas);
  const anyValidates = all.some((o) => o.validate);
  quiet = new Set([...owners].filter(([, o]) => !o.validate).map(([m]) => m));
  yamlValidates = anyValidates;
  if (!yaml) {
    yaml = configureMonacoYaml(probed, {
      enableSchemaRequest: false,
      format: { enable: false },
      completion: true,
      hover: true,
      // The schema is generated in memory: "Source: source.schema.json" under a hover tells the user nothing.
      hoverSchemaSource: false,
      validate: anyValidates,
      schemas: merged,
    });
  } else {
    void yaml.update({ schemas: merged, enableSchemaRequest: false, validate: anyValidates });
  }
  for (const m of quiet) {
    const model = monaco.editor.getModel(monaco.Uri.parse(m));
    if (model) monaco.editor.setModelMarkers(model, 'yaml', []);
  }
}

export { monaco };
