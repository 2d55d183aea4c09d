// The one HTTP server of the browser fallback, on 127.0.0.1 only, and the rules every request
// meets before anything answers it: the security headers, and the Host check against DNS
// rebinding (a web page's own host name pointed at 127.0.0.1 to read the GM's data).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentSecurityPolicy } from './security';

/** Sent with every response, refusals included: the desktop window's CSP (a <meta> tag cannot refuse framing). */
export const SECURITY_HEADERS = Object.freeze({
  'Content-Security-Policy': contentSecurityPolicy(),
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
});

/**
 * The Host values that name this server listening on 127.0.0.1:`port`: that address, and
 * `localhost`, which browsers resolve to loopback themselves (never through DNS), so no other
 * site's page can send it. Not [::1]: the server does not listen on IPv6.
 */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** The origins of this server's own pages, the only ones allowed to call the bridge. */
export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((host) => `http://${host}`);
}

export interface Refusal {
  readonly status: number;
  readonly text: string;
}

/** Why a request with this Host header is refused, or null when it names this server. */
export function hostRefusal(host: string | undefined, port: number): Refusal | null {
  const allowed = allowedHosts(port);
  if (!host) return { status: 400, text: `Bad request: no Host header; this server answers only to ${allowed.join(' or ')}.` };
  if (allowed.includes(host.toLowerCase())) return null;
  return { status: 421, text: `Misdirected request: this server answers only to ${allowed.join(' or ')}.` };
}

/** Answers with a one-line plain-text reason (and no body to a HEAD). */
export function sendText(request: IncomingMessage, response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(request.method === 'HEAD' ? undefined : `${text}\n`);
}

/** Handles a request that named this server; `port` is the one it listens on. */
export type LoopbackHandler = (request: IncomingMessage, response: ServerResponse, port: number) => Promise<void> | void;

/** A server whose handler only sees requests that passed the Host check. */
export function createLoopbackServer(handler: LoopbackHandler): Server {
  // Kept from 'listening': address() is null once close() starts, while open connections may still ask.
  let listeningPort = 0;
  // Node would answer a missing Host itself, with an empty 400; this server says why instead.
  const server = createServer({ requireHostHeader: false }, (request, response) => {
    const refusal = hostRefusal(request.headers.host, listeningPort);
    if (refusal) return sendText(request, response, refusal.status, refusal.text);
    Promise.resolve(handler(request, response, listeningPort)).catch((error: unknown) => {
      if (!response.headersSent) sendText(request, response, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      else response.destroy();
    });
  });
  server.on('listening', () => (listeningPort = (server.address() as AddressInfo).port));
  return server;
}

export interface Listening {
  readonly url: string;
  readonly port: number;
  /** Resolves once the server has stopped, open connections closed. */
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1: on `port`, or (unless `strictPort`) on the next free one after it
 * (up to 20 further). Port 0 asks the system for any free port.
 */
export async function listenOnLoopback(server: Server, { port, strictPort }: { port: number; strictPort: boolean }): Promise<Listening> {
  for (let attempt = 0; ; attempt++) {
    const tried = port === 0 ? 0 : port + attempt;
    try {
      await new Promise<void>((ok, fail) => {
        server.once('error', fail);
        server.listen(tried, '127.0.0.1', () => {
          server.off('error', fail);
          ok();
        });
      });
      const bound = (server.address() as AddressInfo).port;
      return {
        url: `http://127.0.0.1:${bound}/`,
        port: bound,
        close: () =>
          new Promise<void>((ok) => {
            server.close(() => ok());
            server.closeAllConnections();
          }),
      };
    } catch (error) {
      if (strictPort || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 20) throw error;
    }
  }
}
