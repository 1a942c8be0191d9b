import type { HttpAnswer } from '../../http-answer.js';
import type { Profile } from '../profile.js';
import type { GeneratedCase } from './generated-case.js';
import { sendCase } from './send-case.js';

/** A broken link and the rule it breaks. */
export interface LinkProblem {
  message: string;
  requirement: string;
}

/**
 * The stateful links after a subscribe the implementation accepted. SUB-02: the same subscribe
 * again answers the same id. SUB-07 (v1): the subscription is in the list; unsubscribed with the
 * same credential, it is gone from it. SUB-05 (v0): unsubscribing answers 204, and a second time
 * 404. Also removes what the generated traffic subscribed.
 */
export async function followSubscription(
  subscribe: GeneratedCase,
  answer: HttpAnswer<any>,
  { profile, version }: { profile: Profile; version: string },
): Promise<LinkProblem[]> {
  const generation = subscribe.path.startsWith('/v0/') ? 'v0' : 'v1';
  if (!subscribe.path.endsWith('/webhook.subscribe') || answer.status !== 200) return [];
  const id = answer.body?.id;
  if (typeof id !== 'string')
    return [
      { message: 'a subscribe answered 200 without the subscription id', requirement: 'SUB-01' },
    ];
  const problems: LinkProblem[] = [];
  const again = await sendCase(profile.baseUrl, subscribe);
  if (again.status !== 200 || again.body?.id !== id)
    problems.push({
      message: `the same subscribe again answered ${again.status} ${JSON.stringify(again.body?.id)}, not the same id ${id}`,
      requirement: 'SUB-02',
    });
  const link = generation === 'v0' ? v0Link : v1Link;
  problems.push(...(await link(subscribe, id, { profile, version })));
  return problems;
}

async function v1Link(
  subscribe: GeneratedCase,
  id: string,
  { profile, version }: { profile: Profile; version: string },
): Promise<LinkProblem[]> {
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
  const problems: LinkProblem[] = [];
  const problem = (message: string) => problems.push({ message, requirement: 'SUB-07' });
  if ((await listed()) === false) problem(`subscription ${id} is not in webhook.list`);
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
  if (removed.status !== 200) problem(`unsubscribing ${id} answered ${removed.status}, not 200`);
  else if ((await listed()) === true)
    problem(`subscription ${id} is still in webhook.list after it was unsubscribed`);
  return problems;
}

async function v0Link(
  subscribe: GeneratedCase,
  id: string,
  { profile }: { profile: Profile },
): Promise<LinkProblem[]> {
  const unsubscribe = () =>
    sendCase(profile.baseUrl, {
      kind: 'valid',
      method: 'POST',
      path: '/v0/webhook.unsubscribe',
      headers: {
        authorization: subscribe.headers.authorization ?? '',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ id }).toString(),
    });
  const first = await unsubscribe();
  if (first.status !== 204)
    return [
      { message: `unsubscribing ${id} answered ${first.status}, not 204`, requirement: 'SUB-05' },
    ];
  const second = await unsubscribe();
  if (second.status === 404) return [];
  return [
    {
      message: `unsubscribing ${id} a second time answered ${second.status}, not 404`,
      requirement: 'SUB-05',
    },
  ];
}
