import type { Clause } from './clause.js';

/** The clauses of subscription health (HEALTH), as the v1 list shows it. */
export const HEALTH_CLAUSES: readonly Clause[] = [
  {
    id: 'HEALTH-01.streak-opens',
    text: 'delivery fails terminally | first failure after success | failing | `failStreakStartedAt` is set.',
    versions: 'all',
    basis: 'stated',
    checks: ['health-01-02-streak'],
    faults: ['failures-not-recorded'],
  },
  {
    id: 'HEALTH-01.utc-time',
    text: '`failStreakStartedAt` | string, RFC 3339 UTC',
    versions: 'all',
    basis: 'stated',
    checks: ['health-01-02-streak'],
    faults: ['fail-streak-start-in-local-time'],
  },
  {
    id: 'HEALTH-01.start-stays',
    text: 'Start of the current consecutive-failure span',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'health-01-02-streak fails once between two successes: a start moved by a later failure of the same streak passes',
    },
  },
  {
    id: 'HEALTH-01.terminal-failures-only',
    text: 'delivery fails terminally',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'health-01-02-streak fails with a 400, terminal at once: no check reads the list between the retries of a failing delivery',
    },
  },
  {
    id: 'HEALTH-02.last-success-set',
    text: '`lastSuccessAt` updated',
    versions: 'all',
    basis: 'stated',
    checks: ['health-01-02-streak'],
    faults: ['successes-not-recorded'],
  },
  {
    id: 'HEALTH-02.streak-cleared',
    text: '`failStreakStartedAt` omitted again (healthy)',
    versions: 'all',
    basis: 'stated',
    checks: ['health-01-02-streak'],
    faults: ['successes-not-recorded'],
  },
  {
    id: 'HEALTH-02.utc-time',
    text: '`lastSuccessAt` | string, RFC 3339 UTC',
    versions: 'all',
    basis: 'stated',
    checks: ['health-01-02-streak'],
    faults: ['last-success-in-local-time'],
  },
  {
    id: 'HEALTH-02.omitted-until-success',
    text: 'omitted until the destination has succeeded once',
    versions: 'all',
    basis: 'stated',
    checks: ['health-01-02-streak'],
    faults: ['last-success-at-from-creation'],
  },
  {
    id: 'HEALTH-03.paused-after-a-day',
    text: 'consecutive-failure span reaches 24 hours | paused | `disabledAt` is set; destination paused.',
    versions: 'all',
    basis: 'stated',
    checks: ['health-03-04-pause'],
    faults: ['never-paused'],
  },
  {
    id: 'HEALTH-03.not-paused-sooner',
    text: 'When the fail streak reached 24 hours',
    versions: 'all',
    basis: 'stated',
    checks: ['health-03-04-pause'],
    faults: ['paused-at-the-second-failure'],
  },
  {
    id: 'HEALTH-03.nothing-delivered-while-paused',
    text: 'while set the subscription is paused',
    versions: 'all',
    basis: 'stated',
    checks: ['health-03-04-pause'],
  },
  {
    id: 'HEALTH-03.utc-time',
    text: '`disabledAt` | string, RFC 3339 UTC',
    versions: 'all',
    basis: 'stated',
    checks: ['health-03-04-pause'],
    faults: ['disabled-at-in-local-time'],
  },
  {
    id: 'HEALTH-04.v0-never-paused',
    text: 'v0 rule: repeated failures never automatically disable a subscription.',
    versions: 'v0',
    basis: 'stated',
    checks: ['health-03-04-pause'],
  },
];
