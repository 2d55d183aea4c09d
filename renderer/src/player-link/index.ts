// The link between the GM's screen and the table's: its messages and the GM's end. The player page's end
// (player/player-client.ts) is the page's own, so the GM screen never loads its message schemas (zod).
export * from './protocol';
export { createGmLink, type GmLink, type GmLinkOptions, type ScreenWhenSeen } from './gm-link';
