import type { HttpAnswer } from '../../http-answer.js';
import { listReader, notListed, subscriptionsIn } from '../reach/find-subscription.js';
import type { Profile } from '../profile/profile.js';
import type { GeneratedCase } from './generated-case.js';
import { listEntries } from './list-entries.js';
import { sendCase } from './send-case.js';

/** A broken link, the rule it breaks, and what it is without ids (failures are grouped by it). */
export interface LinkProblem {
  message: string;
  requirement: string;
  signature: string;
}

interface LinkScope {
  profile: Profile;
  version: string;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * The stateful links after a subscribe the implementation accepted, and what the generated traffic
 * subscribed removed again. v0 (its answer is shown, SUB-01): the same subscribe again answers the
 * same id (SUB-02); unsubscribing answers 204, and a second time 404 (SUB-05). v1 (its answer is
 * not shown: any 2xx is a success, and nothing is read from it): the subscription is found in the
 * list by event and url (SUB-07); unsubscribed with the same credential, it is gone from it.
 */
export async function followSubscription(
  subscribe: GeneratedCase,
  answer: HttpAnswer<any>,
  scope: LinkScope,
): Promise<LinkProblem[]> {
  if (!subscribe.path.endsWith('/webhook.subscribe')) return [];
  if (subscribe.path.startsWith('/v0/'))
    return answer.status === 200 ? v0Link(subscribe, answer, scope) : [];
  return isSuccess(answer.status) ? v1Link(subscribe, scope) : [];
}

async function v0Link(
  subscribe: GeneratedCase,
  answer: HttpAnswer<any>,
  { profile }: LinkScope,
): Promise<LinkProblem[]> {
  const id = answer.body?.id;
  // SUB-01: the shape judge reports an answer without its id.
  if (typeof id !== 'string') return [];
  const problems: LinkProblem[] = [];
  const again = await sendCase(profile.baseUrl, subscribe);
  if (again.status !== 200 || again.body?.id !== id)
    problems.push({
      message: `the same subscribe again answered ${again.status} ${JSON.stringify(again.body?.id)}, not the same id ${id}`,
      requirement: 'SUB-02',
      signature: `subscribe again not the same id (${again.status})`,
    });
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
      ...problems,
      {
        message: `unsubscribing ${id} answered ${first.status}, not 204`,
        requirement: 'SUB-05',
        signature: `unsubscribe answered ${first.status}`,
      },
    ];
  const second = await unsubscribe();
  if (second.status !== 404)
    problems.push({
      message: `unsubscribing ${id} a second time answered ${second.status}, not 404`,
      requirement: 'SUB-05',
      signature: `second unsubscribe answered ${second.status}`,
    });
  return problems;
}

/**
 * SUB-07: what the subscribe created is in the list, found by event and url, and gone once
 * unsubscribed. Without a way to read the list (not implemented, no credential of the app with
 * `webhook:read`) nothing is judged, and nothing can be removed.
 */
async function v1Link(
  subscribe: GeneratedCase,
  { profile, version }: LinkScope,
): Promise<LinkProblem[]> {
  const wanted = subscribedTo(subscribe);
  const token = /^Bearer (.+)$/i.exec(subscribe.headers.authorization ?? '')?.[1];
  const reader = token === undefined ? undefined : listReader(profile, token);
  if (!wanted || !reader || !profile.implements.includes('v1 get /webhook.list')) return [];
  const list = () => listEntries(profile, reader, version);
  const before = await list();
  if (!Array.isArray(before))
    return [{ message: before, requirement: 'SUB-07', signature: 'list unreadable' }];
  const ids = subscriptionsIn(before, wanted)
    .filter((entry) => entry.dynamic !== false)
    .map((entry) => entry.id)
    .filter((id): id is string => typeof id === 'string');
  if (ids.length === 0)
    return [
      {
        message: `a subscribe answered 2xx, but ${notListed(before, wanted)}`,
        requirement: 'SUB-07',
        signature: 'subscription not listed',
      },
    ];
  const problems: LinkProblem[] = [];
  for (const id of ids) {
    const removed = await sendCase(profile.baseUrl, {
      kind: 'valid',
      method: 'POST',
      path: '/v1/webhook.unsubscribe',
      headers: {
        authorization: subscribe.headers.authorization ?? '',
        'service-version': version,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id }),
    });
    if (!isSuccess(removed.status))
      problems.push({
        message: `unsubscribing ${id} (found in the list by event and url) answered ${removed.status}, not a 2xx`,
        requirement: 'SUB-07',
        signature: `unsubscribe answered ${removed.status}`,
      });
  }
  const after = await list();
  const left = Array.isArray(after) ? after.filter((e) => ids.includes(e.id as string)) : [];
  if (left.length && problems.length === 0)
    problems.push({
      message: `subscription ${left.map((e) => e.id).join(', ')} is still in GET /v1/webhook.list after it was unsubscribed`,
      requirement: 'SUB-07',
      signature: 'still listed after unsubscribe',
    });
  return problems;
}

/** The event and url a v1 subscribe asked for, when its body names both. */
function subscribedTo(subscribe: GeneratedCase): { event: string; url: string } | undefined {
  try {
    const { event, url } = JSON.parse(subscribe.body ?? '') as { event?: unknown; url?: unknown };
    return typeof event === 'string' && typeof url === 'string' ? { event, url } : undefined;
  } catch {
    return undefined;
  }
}
