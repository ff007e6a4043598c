export declare const APPS: string[];
export declare const TEXT_PACKAGES: string[];
export declare function unlistedApps(root: string, apps?: string[]): string[];
