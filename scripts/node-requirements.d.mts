/** A Node version: major.minor.patch, with its pre-release tag when it has one. */
export interface NodeVersion {
  major: number;
  minor: number;
  patch: number;
  prerelease?: string;
}
/** The lowest Node that Electron 45's installer packages declare (22.12.0). */
export declare const DESKTOP_NODE_MINIMUM: Readonly<NodeVersion>;
/** Reads "v20.19.1", "22.12", "24"; anything else is undefined. */
export declare function parseNodeVersion(text: unknown): NodeVersion | undefined;
/** True when `version` is `minimum` or later (a pre-release comes before its release). */
export declare function isAtLeast(version: NodeVersion, minimum: NodeVersion): boolean;
/** Why this Node cannot give the desktop window, or undefined when it can. */
export declare function desktopNodeProblem(
  nodeVersionText: unknown,
  options: { electronInstalled: boolean },
): string | undefined;
/** The sentence after the fallback's: install a newer Node and start again. */
export declare function desktopNodeAdvice(): string;
/** "<why>, so GM Screen is served for your browser instead at <url> (Ctrl+C to stop)." */
export declare function browserFallbackSentence(why: string, url: string): string;
