// Types of cliBundle.mjs for the TypeScript that imports it (the build script and the bundle's test).
export declare const ROOT: string;
export declare const BUNDLE_DIR: string;
export declare const MANIFEST: string;
export declare function fileStamp(file: string): { size: number; mtimeMs: number };
export declare function freshBundle(dir?: string, root?: string): string | undefined;
