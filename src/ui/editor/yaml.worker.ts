import 'monaco-yaml/yaml.worker';
