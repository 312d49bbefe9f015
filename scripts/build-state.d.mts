/** Types for build-state.mjs (plain JavaScript so that `npm start` needs no TypeScript tooling). */
export interface BuildInfo {
  /** ISO time the build finished. */
  builtAt: string;
  /** The newest build-input modification time when the build started. */
  inputsMtimeMs: number;
  /** manifestsHash() of package.json and package-lock.json when the build started. */
  manifestsHash: string;
  /** The Node.js flags `npm start` runs dist/server/main.js with (src/server/node-flags.ts). */
  nodeFlags: string[];
  /** Environment variables for the server (src/server/node-flags.ts); absent in older builds. */
  nodeEnvironment?: Record<string, string>;
}

export declare const buildInputs: string[];
export declare const manifestInputs: string[];
export declare const buildInfoFile: string;
export declare function manifestsHash(root: string): string;
export declare function newestInputMtime(root: string): number;
export declare function readBuildInfo(root: string): BuildInfo | undefined;
export declare function buildState(root: string): {
  state: 'missing' | 'stale' | 'fresh';
  info: BuildInfo | undefined;
};
