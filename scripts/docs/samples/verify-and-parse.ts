import { verifyAndParseWebhook } from '../../../src/webhooks/index.ts';
import { LATEST } from '../sample-version.ts';

// By hand, where a framework gives you the headers and the raw body (never re-serialised JSON):
// the status to answer with, and what to log when it is not 204.
export function handleWebhook(
  headers: Record<string, string | string[] | undefined>,
  rawBody: Uint8Array | string,
): number {
  const result = verifyAndParseWebhook({
    secret: process.env.WEBHOOK_SECRET ?? '',
    version: LATEST,
    headers,
    body: rawBody,
  });
  if (!result.ok) {
    for (const d of result.diagnostics) console.warn(d.rule, d.location ?? '', d.message);
    return 'verified' in result ? 401 : 400;
  }
  if (result.event === 'meeting.ended') console.log('meeting ended', result.payload.data);
  return 204;
}
