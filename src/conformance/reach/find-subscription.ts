import type { Skip } from '../run/check.js';
import type { CheckContext } from '../run/context.js';
import type { Profile } from '../profile/profile.js';

/** One entry of the v1 list (SUB-07), as the implementation wrote it. */
export type Listed = Record<string, unknown>;

/** How many of the list's entries a problem names, to say what was there instead. */
const SHOWN = 5;

/**
 * The v1 list as `token`'s app sees it (SUB-07), read with a credential of the same app that has
 * `webhook:read` (`token` itself where it has it): the entries, or why they could not be read.
 */
export async function readList(
  context: CheckContext,
  token: string,
  reader = listReader(context.profile, token),
): Promise<{ entries: Listed[] } | { problem: string } | Skip> {
  const { profile } = context;
  if (!profile.implements.includes('v1 get /webhook.list'))
    return {
      skip: 'not_testable',
      reason:
        'v1 get /webhook.list is not implemented: the specification shows no subscribe answer, so what a subscribe created is found in the list, the one answer whose shape it gives (SUB-07)',
    };
  if (!reader)
    return {
      skip: 'not_testable',
      reason: "the profile has no credential with webhook:read of the subscribing credential's app",
    };
  const answer = await context.call({
    path: '/v1/webhook.list',
    token: reader,
    version: context.version,
  });
  const entries = answer.body?.webhooks;
  if (answer.status !== 200 || !Array.isArray(entries))
    return {
      problem: `GET /v1/webhook.list answered ${answer.status} without a webhooks array`,
    };
  return { entries: entries.filter((e): e is Listed => e !== null && typeof e === 'object') };
}

/**
 * The id of the subscription to `event` at `url` that `token`'s app has, found in the v1 list by
 * event and url: the subscribe answer's shape is not shown (SUB-07, "Other v1 endpoints named"),
 * so its id is not read from it. Or what was looked for, where, and what was there instead.
 */
export async function findSubscription(
  context: CheckContext,
  { token, event, url, reader }: { token: string; event: string; url: string; reader?: string },
): Promise<{ id: string; entry: Listed } | { problem: string } | Skip> {
  const list = await readList(context, token, reader ?? listReader(context.profile, token));
  if (!('entries' in list)) return list;
  const [found] = subscriptionsIn(list.entries, { event, url });
  if (found && typeof found.id === 'string') return { id: found.id, entry: found };
  return {
    problem: found
      ? `looked for a subscription to ${event} at ${url} in GET /v1/webhook.list, by event and url: its entry has no string id`
      : notListed(list.entries, { event, url }),
  };
}

/**
 * The entries of the v1 list that are the subscription to `event` at `url`, dynamic ones first.
 * URLs compare as parsed, so an implementation that writes a URL back in its normal form (a
 * lower-case host, an added `/` path) still lists what it was given.
 */
export function subscriptionsIn(
  entries: readonly Listed[],
  { event, url }: { event: string; url: string },
): Listed[] {
  const same = entries.filter((e) => e.event === event && sameUrl(e.url, url));
  return [...same.filter((e) => e.dynamic === true), ...same.filter((e) => e.dynamic !== true)];
}

/** What was looked for in the v1 list, where, and the first entries that were there instead. */
export function notListed(
  entries: readonly Listed[],
  { event, url }: { event: string; url: string },
): string {
  const seen = entries
    .slice(0, SHOWN)
    .map((e) => `${String(e.event)} ${String(e.url)}`)
    .join('; ');
  const more = entries.length > SHOWN ? '; ...' : '';
  return `looked for a subscription to ${event} at ${url} in GET /v1/webhook.list, by event and url: none of its ${entries.length} entries has them${seen ? ` (${seen}${more})` : ''}`;
}

/**
 * A credential of `token`'s app with `webhook:read`: `token` itself where it has the scope. What
 * `token` is comes from the profile, or from `own` for one it does not list (an OAuth grant's).
 */
export function listReader(
  profile: Profile,
  token: string,
  own: { scopes: readonly string[]; app?: string } | undefined = profile.credentials.find(
    (c) => c.token === token,
  ),
): string | undefined {
  if (own?.scopes.includes('webhook:read')) return token;
  return profile.credentials.find(
    (c) =>
      !c.revoked &&
      c.access === 'organization' &&
      c.app === own?.app &&
      c.scopes.includes('webhook:read'),
  )?.token;
}

function sameUrl(listed: unknown, url: string): boolean {
  if (listed === url) return true;
  if (typeof listed !== 'string' || !URL.canParse(listed) || !URL.canParse(url)) return false;
  return new URL(listed).href === new URL(url).href;
}
