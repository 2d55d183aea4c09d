/** The Content-Security-Policy header value of the GM screen (see content-security-policy.mjs). */
export declare function contentSecurityPolicy(devServerOrigin?: string): string;
/** The same policy without frame-ancestors, which a <meta> tag cannot carry. */
export declare function metaContentSecurityPolicy(devServerOrigin?: string): string;
