// transport/: how the suite reaches the implementation over HTTP, and what it says when it cannot.

/** What a failed request's error chain says, in the words a reader of a report needs. */
export interface TransportFailure {
  /** The lowest error's code (`ECONNRESET`, `UND_ERR_SOCKET`, `ETIMEDOUT`), or `unknown`. */
  code: string;
  /** The messages of the chain, outermost first (`fetch failed: other side closed`). */
  detail: string;
  /** What it means for the verdict: who closed what, or what the suite gave up on. */
  meaning: string;
}

/** The codes of a connection that ended before the answer, and what each means. */
const MEANINGS = new Map<string, string>([
  ['ECONNRESET', 'the implementation (or something between) reset the connection before answering'],
  [
    'UND_ERR_SOCKET',
    'the implementation (or something between) closed the connection before answering',
  ],
  ['EPIPE', 'the connection was closed while the request was being written'],
  [
    'ECONNREFUSED',
    'nothing accepts connections at that address: the implementation is not running there',
  ],
  ['ENOTFOUND', 'the host name does not resolve'],
  ['EAI_AGAIN', 'the host name could not be resolved (a temporary DNS failure)'],
  ['EHOSTUNREACH', 'the host cannot be reached from this machine'],
  ['ENETUNREACH', 'the network of the host cannot be reached from this machine'],
  ['ETIMEDOUT', 'the connection timed out'],
  ['UND_ERR_CONNECT_TIMEOUT', 'no connection could be opened in time'],
  ['UND_ERR_HEADERS_TIMEOUT', 'the answer did not begin in time'],
  ['UND_ERR_BODY_TIMEOUT', 'the answer stopped arriving before its end'],
  ['TimeoutError', 'no answer came within the time the suite gives a request'],
  ['AbortError', 'the suite gave up waiting for the answer'],
  ['UND_ERR_INVALID_ARG', 'the suite could not form the request'],
  ['HPE_INVALID_CONSTANT', 'the answer is not valid HTTP/1.1'],
  ['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', "the answer's body does not match its Content-Length"],
  [
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    "the implementation's TLS certificate is self-signed and not trusted",
  ],
  ['SELF_SIGNED_CERT_IN_CHAIN', "the implementation's TLS certificate chain is not trusted"],
  ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', "the implementation's TLS certificate could not be verified"],
  ['CERT_HAS_EXPIRED', "the implementation's TLS certificate has expired"],
  ['ERR_TLS_CERT_ALTNAME_INVALID', "the implementation's TLS certificate does not name the host"],
]);

/** The codes of a connection that ended before any answer: a reused idle one may be retried. */
export const CLOSED_BEFORE_ANSWER = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/** The longest error chain followed: causes may be nested, or (by a bug) circular. */
const MAX_DEPTH = 5;

/**
 * What a request's error says: fetch wraps the real failure in `cause` ("fetch failed" alone names
 * nothing), which may wrap another; the lowest code is the one that tells a closed connection from
 * a timeout or a refused one.
 */
export function describeTransportFailure(error: unknown): TransportFailure {
  const chain: unknown[] = [];
  for (let at = error; at !== undefined && at !== null && chain.length < MAX_DEPTH;) {
    if (chain.includes(at)) break;
    chain.push(at);
    at = (at as { cause?: unknown }).cause;
  }
  const messages = chain.map(messageOf).filter((m, i, all) => m && all.indexOf(m) === i);
  const code =
    [...chain]
      .reverse()
      .map(codeOf)
      .find((c) => c !== undefined) ?? 'unknown';
  const meaning = MEANINGS.get(code) ?? 'the request failed before an answer was read';
  return { code, detail: messages.join(': '), meaning };
}

/** One line: `fetch failed: other side closed (UND_ERR_SOCKET: the implementation ... answering)`. */
export function transportFailureText(failure: TransportFailure): string {
  return `${failure.detail} (${failure.code}: ${failure.meaning})`;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

function codeOf(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && code) return code;
  if (name === 'TimeoutError' || name === 'AbortError') return name;
  return undefined;
}
