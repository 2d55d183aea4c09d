// The link between the GM's screen and the table's: its messages, the GM's end and the player page's end.
export * from './protocol';
export { createGmLink, type GmLink, type GmLinkOptions } from './gm-link';
export { readScreenMessage, startPlayerClient, type PlayerClient, type PlayerClientOptions } from './player-client';
