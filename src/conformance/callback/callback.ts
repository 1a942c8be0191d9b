// callback/: the suite's own delivery receiver: where it binds, how the implementation reaches it.
import { isIP } from 'node:net';

/**
 * Where the suite's delivery receiver listens, and the address the implementation is told to
 * deliver to: by default both are loopback (127.0.0.1, a random port, plain HTTP), which only an
 * implementation on the same host, run as a local environment, can reach (SUB-03). A deployment
 * on another host delivers through a tunnel, a CI service hostname or a load balancer: `url`.
 */
export interface Callback {
  /** The address the receiver binds; 127.0.0.1 when absent. */
  host?: string;
  /** The port it binds; a random free one when absent or 0. */
  port?: number;
  /**
   * The base of every hook URL the implementation is given (`<url>/hook/<id>-<n>`), when it
   * reaches the receiver at another address than the one bound. Checked by `callbackUrlProblem`.
   */
  url?: string;
  /** A certificate and its key, PEM: the receiver serves HTTPS. */
  tls?: { cert: string | Buffer; key: string | Buffer };
}

/**
 * The longest `--callback-url`: SUB-03 takes destinations of up to 1024 characters, and the hook
 * path (`/hook/<id>-<n>`) is appended to it.
 */
const MAX_CALLBACK_URL = 1000;
/** The longest host name (RFC 1035), and so the longest `--callback-listen` host. */
const MAX_HOST = 253;

/**
 * `<host>:<port>` as `--callback-listen` takes it (`127.0.0.1:8787`, `0.0.0.0:8787`,
 * `[::]:8787`), or what is wrong with it.
 */
export function parseListen(text: string): { host: string; port: number } | { problem: string } {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(text);
  const problem = `--callback-listen takes <host>:<port> (such as 0.0.0.0:8787 or [::]:8787), not "${text.slice(0, 80)}"`;
  if (!match || match[1]!.length > MAX_HOST) return { problem };
  const port = Number(match[2]);
  if (port > 65_535) return { problem: `--callback-listen: port ${port} is over 65535` };
  const host = match[1]!.startsWith('[') ? match[1]!.slice(1, -1) : match[1]!;
  if (match[1]!.startsWith('[') && isIP(host) !== 6) return { problem };
  return { host, port };
}

/**
 * What is wrong with a `--callback-url`, or undefined: an absolute http or https URL of at most
 * `MAX_CALLBACK_URL` characters, with a host, and without credentials, query or fragment (hook
 * paths are appended to it; credentials would be printed with every hook URL).
 */
export function callbackUrlProblem(text: string): string | undefined {
  if (text.length > MAX_CALLBACK_URL)
    return `--callback-url is over ${MAX_CALLBACK_URL} characters (hook paths are appended to it, and destinations take 1024 at most)`;
  if (/[\u0000-\u0020\u007f-\u009f\\]/u.test(text))
    return '--callback-url has control characters, spaces or backslashes';
  if (!URL.canParse(text)) return `--callback-url is not an absolute URL: "${text.slice(0, 80)}"`;
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `--callback-url must be http or https, not ${url.protocol.slice(0, -1)}`;
  if (!url.hostname) return '--callback-url has no host';
  if (url.username || url.password) return '--callback-url must not carry credentials';
  // `new URL` drops an empty `?` or `#`: the text is checked too.
  if (url.search || text.includes('?'))
    return '--callback-url must not have a query (hook paths are appended to it)';
  if (url.hash || text.includes('#')) return '--callback-url must not have a fragment';
  return undefined;
}

/**
 * The base of hook URLs: `url` without a trailing slash, else the bound address (an unspecified
 * bind address, `0.0.0.0` or `::`, reached on loopback).
 */
export function callbackBase(callback: Callback, port: number): string {
  if (callback.url) return callback.url.replace(/\/+$/, '');
  const scheme = callback.tls ? 'https' : 'http';
  const host = callback.host ?? '127.0.0.1';
  const reached = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `${scheme}://${isIP(reached) === 6 ? `[${reached}]` : reached}:${port}`;
}

/** Whether deliveries reach the receiver over HTTPS, as SUB-03 asks outside local environments. */
export function callbackIsHttps(callback: Callback = {}): boolean {
  if (callback.url) return new URL(callback.url).protocol === 'https:';
  return callback.tls !== undefined;
}
