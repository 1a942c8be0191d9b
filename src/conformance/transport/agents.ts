// transport/: how every request of the suite reaches the implementation, and why one failed.
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

/**
 * How long a connection may wait idle for the suite's next request: under the 5 s after which
 * Node servers (and many others) close an idle one (RFC 9112 §9.8 lets a server close it at any
 * time), so the suite drops it first when its event loop keeps time. A `Keep-Alive: timeout=N`
 * the implementation sends shortens it to N - 1 s.
 */
const IDLE_MS = 4_000;

// The suite's own pools: a reused connection is then one the suite can tell (`reusedSocket`).
// HTTPS trusts Node's certificate store, with NODE_EXTRA_CA_CERTS added as Node always does.
const http = new HttpAgent({ keepAlive: true, timeout: IDLE_MS });
const https = new HttpsAgent({ keepAlive: true, timeout: IDLE_MS });

/** The keep-alive pool the suite's requests to `url` share. */
export function agentFor(url: URL): HttpAgent {
  return url.protocol === 'https:' ? https : http;
}
