import type { Linter } from 'eslint';

export const APPS: string[];
export const PURE_SHARED: string[];
export const BROWSER_SHARED: string[];
export const BROWSER_PACKAGES: string[];
export const SERVER_MACHINERY: string[];
export const SERVER_TESTING: string;
export const SERVER_COMPOSITION_ROOT: string[];
export const SERVER_TEST_CODE: string[];
export declare function serverFeatures(root: string): string[];
export function boundaryConfigs(options: { root: string }): Linter.Config[];
