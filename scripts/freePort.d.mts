export declare function freePort(from: number, span?: number): Promise<number | undefined>;
