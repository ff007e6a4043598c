// Types of permissions.mjs for the TypeScript test that imports it (scripts/nativePermissions.test.ts).
export declare const ANDROID_PERMISSIONS: string[];
export declare const IOS_CAMERA_REASON: string;
export declare const ANDROID_SCANNER_META: string;
export declare function withAndroidPermissions(manifest: string): string;
export declare function withIosUsage(plist: string): string;
