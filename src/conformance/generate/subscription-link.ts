import type { HttpAnswer } from '../../http-answer.js';
import type { Profile } from '../profile.js';
import type { GeneratedCase } from './generated-case.js';
import { sendCase } from './send-case.js';

/**
 * SUB-07, SUB-02: the stateful link after a subscribe the implementation accepted. The new
 * subscription is in the list; unsubscribed with the same credential, it is gone from it. Also
 * removes what the generated traffic subscribed. Says what broke, or nothing.
 */
export async function followSubscription(
  subscribe: GeneratedCase,
  answer: HttpAnswer<any>,
  { profile, version }: { profile: Profile; version: string },
): Promise<string[]> {
  const id = answer.body?.id;
  if (subscribe.path !== '/v1/webhook.subscribe' || answer.status !== 200) return [];
  if (typeof id !== 'string') return ['a subscribe answered 200 without the subscription id'];
  const reader = profile.credentials.find(
    (c) => !c.revoked && c.access === 'organization' && c.scopes.includes('webhook:read'),
  );
  const headers = { 'service-version': version };
  const listed = async () => {
    if (!reader) return undefined;
    const list = await sendCase(profile.baseUrl, {
      kind: 'valid',
      method: 'GET',
      path: '/v1/webhook.list',
      headers: { ...headers, authorization: `Bearer ${reader.token}` },
    });
    const hooks = list.body?.webhooks;
    return Array.isArray(hooks) && hooks.some((h: { id?: unknown }) => h?.id === id);
  };
  const problems: string[] = [];
  if ((await listed()) === false) problems.push(`subscription ${id} is not in webhook.list`);
  const removed = await sendCase(profile.baseUrl, {
    kind: 'valid',
    method: 'POST',
    path: '/v1/webhook.unsubscribe',
    headers: {
      ...headers,
      authorization: subscribe.headers.authorization ?? '',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ id }),
  });
  if (removed.status !== 200)
    problems.push(`unsubscribing ${id} answered ${removed.status}, not 200`);
  else if ((await listed()) === true)
    problems.push(`subscription ${id} is still in webhook.list after it was unsubscribed`);
  return problems;
}
