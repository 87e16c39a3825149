export declare const MANIFEST_FILE: string;
export declare const FETCHED_DIR: string;
export declare function findCorpus(root: string): { dir: string; found: boolean };
