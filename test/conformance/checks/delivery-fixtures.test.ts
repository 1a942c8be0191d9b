import { declaredChanges } from '../../../src/version-changes/instruction.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import type { Profile } from '../../../src/conformance/profile/profile.ts';
import { type CheckResult, runConformance } from '../../../src/conformance/runner.ts';
import { fixtureChat } from '../../../src/conformance/reach/sample-events.ts';
import { PROJECT_ROOT } from '../../../src/project-root.ts';
import { CHATS, USERS } from '../../../src/reference/chats.ts';
import { loadVersionRegistry } from '../../../src/versions.ts';
import { since } from '../../../src/versions.ts';
import type { FaultHooks } from '../fault-injection.ts';
import { withInjectedServer } from '../injected-server.ts';

const LATEST = loadVersionRegistry().latest;
const BEFORE_MEMBERSHIP = '2026-07-23';
/**
 * The checks that emit chat events (every check that asks for a fixture chat, but eph-05, whose
 * chat message is only a marker of its stream watch); a test below holds the list to the sources.
 */
const CHAT_CHECKS = [
  'dlv-08-timeout',
  'dlv-11-reaction-debounce',
  'dlv-12-every-event',
  'dlv-12-payload-shapes',
  'sub-09-v1-reaction-names',
  'sub-09-v1-chat-type',
  'sub-10-v0-codes',
  'ver-10-mention-render',
  'ver-11-membership',
];

/** The checks named, run at `version` against the reference server with `hooks` and `declare`. */
async function run(
  ids: string[],
  {
    version = LATEST,
    hooks = {},
    declare,
  }: {
    version?: string;
    hooks?: FaultHooks;
    declare?: (profile: Profile) => Profile;
  } = {},
): Promise<CheckResult[]> {
  const checks = CHECKS.filter(([id]) => ids.includes(id));
  return withInjectedServer(
    hooks,
    (profile) => runConformance(profile, version, { checks }),
    declare,
  );
}

const withFixtures =
  (change: (fixtures: Profile['fixtures']) => Profile['fixtures']) => (profile: Profile) => ({
    ...profile,
    fixtures: change(profile.fixtures),
  });

const profileWith = (fixtures: Partial<Profile['fixtures']>): Profile =>
  ({
    fixtures: {
      users: { member: USERS.ada, otherMember: USERS.grace, app: USERS.bot, unknown: 'x' },
      chats: { channel: CHATS.channel.id },
      ...fixtures,
    },
  }) as Profile;

describe('fixtureChat: the profile names the chat, with the app as the name says', () => {
  it.each([
    ['a declared chat', profileWith({}), 'channel', { id: CHATS.channel.id }],
    [
      'a chat the profile does not name',
      profileWith({}),
      'dm',
      { skip: 'not_testable', reason: 'the profile names no fixtures.chats.dm' },
    ],
    [
      'members that leave the app out of its channel',
      profileWith({ members: { channel: [USERS.ada] } }),
      'channel',
      expect.objectContaining({ reason: expect.stringContaining('is not a member') }),
    ],
    [
      'members that put the app in the channel without it',
      profileWith({
        chats: { channelWithoutApp: 'c' },
        members: { channelWithoutApp: [USERS.bot] },
      }),
      'channelWithoutApp',
      expect.objectContaining({ reason: expect.stringContaining('is a member') }),
    ],
    [
      'a name inherited from Object.prototype',
      profileWith({ chats: {} }),
      'toString',
      expect.objectContaining({ skip: 'not_testable' }),
    ],
  ] as const)('%s', (_, profile, name, want) => {
    expect(fixtureChat(profile, name as 'channel')).toEqual(want);
  });
});

// Each test has a server of its own, and mostly waits for deliveries that never come: side by side.
describe.concurrent(
  "the delivery checks send the profile's chats and people, not the seed's",
  () => {
    // A server that knows only chats under other ids, and delivers chat events of no other chat.
    const OTHER = 'f0000000-0000-4000-8000-000000000001';
    const onlyOther: FaultHooks = {
      hears: (heard, event) =>
        !['chat.message', 'chat.reaction', 'chat:message:dm', 'chat:message:reaction'].includes(
          event.type,
        ) ||
        (heard && event.context?.chatId === OTHER),
    };

    it('names every check that asks for a fixture chat', () => {
      const asking = CHECKS.map(([id]) => id).filter((id) =>
        /fixtureChat\(|deliverEach\(/.test(
          readFileSync(join(PROJECT_ROOT, 'src', 'conformance', 'checks', `${id}.ts`), 'utf8'),
        ),
      );
      // ver-01-declared-shapes sends only the events the registry declares a change of.
      const declared = declaredChanges().some((c) => c.webhook?.startsWith('chat.'));
      expect(
        asking
          .filter((id) => id !== 'eph-05-never-stored')
          .filter((id) => declared || id !== 'ver-01-declared-shapes')
          .toSorted(),
      ).toEqual([...CHAT_CHECKS, ...(declared ? ['ver-01-declared-shapes'] : [])].toSorted());
    });

    it("each check with chat events fails against a server that knows none of the profile's chats", async () => {
      // One server per check, side by side: each waits out its own patience for what never comes.
      const results = (
        await Promise.all(CHAT_CHECKS.map((id) => run([id], { hooks: onlyOther })))
      ).flat();
      expect(results.map((r) => [r.check, r.status])).toEqual(
        CHAT_CHECKS.map((id) => [id, 'failed']),
      );
    }, 60_000);

    it('a check is not testable when the profile names none of the chats it needs', async () => {
      const results = await run(CHAT_CHECKS, {
        declare: withFixtures((f) => ({ ...f, chats: {} })),
      });
      const statuses = results
        .map((r) => [r.check, r.status, r.reason ?? r.notes])
        .toSorted(([a], [b]) => String(a).localeCompare(String(b)));
      const none = (name: string) => `the profile names no fixtures.chats.${name}`;
      expect(statuses).toEqual([
        ['dlv-08-timeout', 'not_testable', none('dm')],
        ['dlv-11-reaction-debounce', 'not_testable', none('channel')],
        [
          'dlv-12-every-event',
          'passed',
          [
            `chat.reaction was not sent: ${none('dm')}`,
            `chat:message:channel was not sent: ${none('channel')}`,
            `chat:message:mention was not sent: ${none('channel')}`,
            `chat:message:reaction was not sent: ${none('channel')}`,
          ],
        ],
        [
          'dlv-12-payload-shapes',
          'passed',
          [
            `chat:message:dm was not sent: ${none('dm')}`,
            `chat.message was not sent: ${none('channel')}`,
          ],
        ],
        ['sub-09-v1-chat-type', 'not_testable', none('dm')],
        ['sub-09-v1-reaction-names', 'not_testable', none('dm')],
        ['sub-10-v0-codes', 'not_testable', none('channel')],
        ['ver-10-mention-render', 'not_testable', none('channel')],
        ['ver-11-membership', 'not_testable', none('channel')],
      ]);
    }, 60_000);

    it('VER-10 without fixtures.userGroup judges the broadcast and the person, and says so', async () => {
      const [result] = await run(['ver-10-mention-render'], {
        declare: withFixtures(({ userGroup: _, ...f }) => f),
      });
      expect([result?.status, result?.notes]).toEqual([
        'passed',
        [expect.stringContaining('no fixtures.userGroup')],
      ]);
    }, 20_000);

    it('VER-10 accepts a group rendered <@uuid> before 2026-08-07, with or without its tag', async () => {
      const untagged: FaultHooks = {
        attempt: (a) => ({ ...a, body: a.body.replaceAll('<@G-', '<@') }),
      };
      const [result] = await run(['ver-10-mention-render'], {
        version: '2026-07-23',
        hooks: untagged,
      });
      expect([result?.status, result?.diagnostics]).toEqual(['passed', []]);
    }, 20_000);

    it('VER-11 without channelWithoutApp judges the channel with the app, and says so', async () => {
      const [result] = await run(['ver-11-membership'], {
        declare: withFixtures(({ chats: { channelWithoutApp: _, ...chats }, ...f }) => ({
          ...f,
          chats,
        })),
      });
      expect([result?.status, result?.notes]).toEqual([
        'passed',
        [expect.stringContaining('fixtures.chats.channelWithoutApp')],
      ]);
    }, 20_000);
  },
);

describe.concurrent(
  'VER-11: its readings warn unless the profile opts in; what is stated fails',
  () => {
    // An organization app that hears every message of its channels before 2026-08-20.
    const membershipBefore: FaultHooks = {
      hears: (heard, event, version, filter) =>
        heard ||
        (!since(version, 'membership') &&
          event.context?.chatId === CHATS.channel.id &&
          filter?.mention !== true),
    };
    const notOptedIn = (profile: Profile) => ({
      ...profile,
      readings: (profile.readings ?? []).filter((r) => r !== 'VER-11.before-membership'),
    });

    it.each([
      ['opted into the reading', undefined, 'failed', 'error'],
      ['not opted in', notOptedIn, 'passed', 'warning'],
    ] as const)(
      '%s: a departure from VER-11.before-membership',
      async (_, declare, status, severity) => {
        const [result] = await run(['ver-11-membership'], {
          version: BEFORE_MEMBERSHIP,
          hooks: membershipBefore,
          declare,
        });
        expect([result?.status, result?.diagnostics.map((d) => [d.severity, d.reading])]).toEqual([
          status,
          [[severity, 'VER-11.before-membership']],
        ]);
      },
      20_000,
    );

    it('hearing an unmentioning message in a channel without the app fails, opted in or not', async () => {
      const [result] = await run(['ver-11-membership'], {
        hooks: { hears: () => true },
        declare: (p) => ({ ...p, readings: [] }),
      });
      expect(result?.status).toBe('failed');
      expect(
        result?.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
      ).toContain(
        `an unmentioning message in a channel without the app (fixtures.chats.channelWithoutApp), without a filter, was delivered at ${LATEST}`,
      );
    }, 20_000);
  },
);

describe.concurrent('DLV-11 says what arrived', () => {
  it('names a hook that got no delivery at all, not a failure to coalesce', async () => {
    const [result] = await run(['dlv-11-reaction-debounce'], {
      hooks: { hears: (heard, event) => heard && event.type !== 'chat:message:reaction' },
    });
    expect(result?.diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(/^no delivery of either message's reactions arrived within \d+ ms/),
    ]);
  }, 30_000);
});
