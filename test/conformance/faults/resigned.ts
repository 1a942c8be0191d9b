import { APP, seedWorkspace } from '../../../src/reference/fixtures.ts';
import { signWebhook } from '../../../src/webhooks/sign.ts';
import type { OutgoingAttempt } from '../fault-injection.ts';

/** The reference app's signing secret: a changed attempt is signed again with it. */
const SIGNING_SECRET = seedWorkspace().apps[APP]!.signingSecret;

/**
 * `a` with its body and headers changed as `change` says, and signed again over them, so that
 * only what changed departs from the rules (DLV-03 stays kept).
 */
export function resigned(
  a: OutgoingAttempt,
  change: { body?: string; headers?: Record<string, string> },
): OutgoingAttempt {
  const body = change.body ?? a.body;
  const headers = { ...a.headers, ...change.headers };
  const id = headers['webhook-id']!;
  const timestamp = Number(headers['webhook-timestamp']);
  const signature = signWebhook({ secret: SIGNING_SECRET, id, timestamp, body });
  return { ...a, body, headers: { ...headers, ...signature } };
}
