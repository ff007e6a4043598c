export declare const root: string;
export declare const APPS: string[];
export declare function needsBuild(app: string): boolean;
export declare function run(command: string, args: string[], options?: object): void;
export declare function buildApps(options?: { force?: boolean }): void;
