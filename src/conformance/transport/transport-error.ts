import { describeTransportFailure } from './transport-failure.js';

/** Where and how far a request got when it failed: what its failure's words are made from. */
export interface FailedAt {
  method: string;
  url: URL;
  /** The whole request had been handed to the connection. */
  sent: boolean;
  /** Some byte of the answer had arrived. */
  answered: boolean;
  /** The time the exchange was given, for a time-out's words. */
  timeoutMs?: number | undefined;
  /** It failed when sent again on a new connection, after a reused one closed before answering. */
  resent: boolean;
}

/**
 * A request that got no (whole) answer. Its message is what a report prints: the request, then
 * what happened in words a user can act on, with the code it rests on (`GET /v1/webhook.list: the
 * connection was reset by the implementation after the request was sent, before any answer
 * (ECONNRESET)`).
 */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly code: string,
    cause: unknown,
    /** Where the request went (scheme, host and port; never credentials). */
    readonly origin: string,
  ) {
    super(message, { cause });
  }
}

/** The code the suite gives an answer whose body passes the bound it reads. */
export const ANSWER_TOO_LARGE = 'ANSWER_TOO_LARGE';

type Words = (at: FailedAt, cause: unknown) => string;

const untrusted =
  (why: string): Words =>
  () =>
    `the implementation's TLS certificate is not trusted: ${why}; if a CA of your own signed ` +
    'it, name that CA in NODE_EXTRA_CA_CERTS';
const unformed: Words = (_, cause) => `the suite could not form the request: ${messageOf(cause)}`;

/** What each code means for the request that met it. */
const WORDS = new Map<string, Words>([
  ['ECONNREFUSED', ({ url }) => `nothing accepts connections at ${url.origin}`],
  ['ENOTFOUND', ({ url }) => `the host name ${url.hostname} does not resolve`],
  ['EAI_AGAIN', ({ url }) => `the host name ${url.hostname} could not be resolved for now (DNS)`],
  ['EHOSTUNREACH', ({ url }) => `${url.hostname} cannot be reached from this machine`],
  ['ENETUNREACH', ({ url }) => `the network of ${url.hostname} cannot be reached from here`],
  ['ETIMEDOUT', ({ url }) => `the connection to ${url.origin} timed out`],
  ['ECONNRESET', closedWords],
  ['EPIPE', () => 'the implementation closed the connection while the request was being written'],
  ['TimeoutError', timeoutWords],
  ['AbortError', timeoutWords],
  [ANSWER_TOO_LARGE, (_, cause) => messageOf(cause)],
  ['DEPTH_ZERO_SELF_SIGNED_CERT', untrusted('it is self-signed')],
  ['SELF_SIGNED_CERT_IN_CHAIN', untrusted('its chain ends in a self-signed CA')],
  ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', untrusted('no known CA signed it')],
  ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', untrusted('its issuer is not a known CA')],
  ['CERT_HAS_EXPIRED', () => "the implementation's TLS certificate has expired"],
  [
    'ERR_TLS_CERT_ALTNAME_INVALID',
    ({ url }) => `the implementation's TLS certificate does not name ${url.hostname}`,
  ],
  ['ERR_INVALID_CHAR', unformed],
  ['ERR_INVALID_HTTP_TOKEN', unformed],
  ['ERR_UNESCAPED_CHARACTERS', unformed],
]);

/** Codes of the suite's own limits: named in words, with no code to look up. */
const OWN = new Set(['TimeoutError', 'AbortError', ANSWER_TOO_LARGE]);

/** The TransportError for a request that failed with `cause` at `at`. */
export function transportError(cause: unknown, at: FailedAt): TransportError {
  const { code } = describeTransportFailure(cause);
  const words =
    WORDS.get(code)?.(at, cause) ??
    (code.startsWith('HPE_')
      ? `the answer is not valid HTTP/1.1: ${messageOf(cause)}`
      : `the request failed: ${messageOf(cause)}`);
  const coded = OWN.has(code) || code === 'unknown' ? words : `${words} (${code})`;
  const again = at.resent
    ? '; this was the second try, on a new connection: the reused one had closed before answering'
    : '';
  const message = `${at.method} ${at.url.pathname}: ${coded}${again}`;
  return new TransportError(message, code, cause, at.url.origin);
}

/** A reset or a close: who did it, and how far the exchange had got. */
function closedWords({ sent, answered }: FailedAt, cause: unknown): string {
  if (answered) return 'the connection was cut off while the answer was arriving';
  // Node says `socket hang up` when the peer closed the connection without a reset.
  const what = messageOf(cause) === 'socket hang up' ? 'closed' : 'reset';
  return sent
    ? `the connection was ${what} by the implementation after the request was sent, before any answer`
    : `the connection was ${what} by the implementation while the request was being written`;
}

function timeoutWords({ timeoutMs = 0, answered }: FailedAt): string {
  const seconds = `no answer in ${Number((timeoutMs / 1000).toFixed(3))} s`;
  return answered ? `${seconds}: the answer began but did not end` : seconds;
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
