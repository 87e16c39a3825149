// Importers: CRD YAML / OpenAPI / config -> catalog. No UI, no node:* (callers read the files).
export { importFiles } from './importFiles.ts';
export type { ImportOptions } from './importFiles.ts';
export { parseSource, docIssue } from './parseSource.ts';
export type { SourceDoc, SourceFile } from './parseSource.ts';
export { detectFormat } from './detectFormat.ts';
export type { DocFormat } from './detectFormat.ts';
export { importCrd } from './importCrd.ts';
export { crdSchemaTypes } from './crdSchemaTypes.ts';
export { importOpenApi } from './importOpenApi.ts';
export { parseConfig, mergeConfigs } from './parseConfig.ts';
export { mergeKinds } from './mergeKinds.ts';
export { minimalSources, minimalCrd } from './minimalSources.ts';
export type { KindName, MinimalSources } from './minimalSources.ts';
export { addStorageVariants } from './addStorageVariants.ts';
export { applyConfig } from './applyConfig.ts';
export { bagKeyOf, typeSegment } from './names.ts';
