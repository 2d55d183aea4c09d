// What a link that leaves the app may do (window.open, or a navigation away from the app's own
// page): it never opens inside the app; an https link opens in the GM's system browser; anything
// else is refused with a sentence for the log. Pure, so every branch is tested in Node; the
// Electron glue is keepOnOwnPage in main/electron/window.ts.
//
// Only https: the GM screen links to nothing else, http is readable and changeable by anyone on
// the network, and the others hand the URL to a local program: file: opens a file of the
// attacker's choosing, javascript: and data: run code, custom schemes start whatever program
// registered them. mailto: is refused too: the app has no mail links, and some mail clients
// honour an `attach=` parameter that attaches a local file to the message.

/** Far longer than any real link; a longer one is a smuggling attempt or a mistake. */
export const MAX_EXTERNAL_URL_CHARS = 2048;

export type ExternalLinkDecision =
  | { readonly action: 'open-in-browser'; readonly url: string }
  | { readonly action: 'refuse'; readonly reason: string };

/** Where the link came from, for the log line. */
export type LinkSource = 'window.open' | 'navigation';

export function decideExternalLink(candidate: unknown): ExternalLinkDecision {
  const refuse = (reason: string): ExternalLinkDecision => ({ action: 'refuse', reason });
  if (typeof candidate !== 'string' || candidate.trim() === '') return refuse('The link is empty.');
  if (candidate.length > MAX_EXTERNAL_URL_CHARS) {
    return refuse(`The link is ${candidate.length} characters long, more than the ${MAX_EXTERNAL_URL_CHARS} a real link needs.`);
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return refuse('The link is not a complete URL.');
  }
  if (url.protocol === 'http:') return refuse('The link is http, which anyone on the network can read or change; only https links open.');
  if (url.protocol !== 'https:') return refuse(`The link's scheme is ${url.protocol} and only https links open outside the app.`);
  if (url.username !== '' || url.password !== '') {
    return refuse('The link carries a user name or password, which can disguise the site it really goes to.');
  }
  return { action: 'open-in-browser', url: url.href };
}

/** What following a link needs from the shell: Electron's shell.openExternal and the log. */
export interface ExternalLinkHost {
  openExternal(url: string): Promise<void>;
  log(message: string): void;
}

/**
 * Follows a link that is leaving the app: opens it in the system browser when allowed, else logs
 * why not; a browser that fails to open is logged too (the promise never goes unhandled).
 */
export function followExternalLink(candidate: string, source: LinkSource, host: ExternalLinkHost): ExternalLinkDecision {
  const decision = decideExternalLink(candidate);
  if (decision.action === 'refuse') {
    host.log(`Refused a link (${source}) to ${shorten(candidate)}: ${decision.reason}`);
    return decision;
  }
  host.openExternal(decision.url).catch((error: unknown) => {
    host.log(`The system browser did not open ${decision.url}: ${error instanceof Error ? error.message : String(error)}`);
  });
  return decision;
}

/** A log line stays readable even for a link of megabytes. */
function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text;
}
