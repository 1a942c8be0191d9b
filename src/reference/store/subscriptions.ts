import { randomUUID } from 'node:crypto';
import type { Sql } from './sql.js';
import type { SuccessQueue } from './success-queue.js';
import {
  type DeliveryRoute,
  type Generation,
  type SubscriptionRow,
  deliveryRoute,
  subscriptionRow,
} from './subscription-row.js';

export interface NewSubscription {
  app: string;
  generation: Generation;
  event: string;
  url: string;
  filter: unknown;
  apiVersion?: string;
  dynamic: boolean;
}

interface Context {
  db: Sql;
  successes: SuccessQueue;
  /**
   * Routes by `app generation event`, served from memory: this process is the store's only writer
   * and drops them on every change of a subscription, so a delivery costs no query.
   */
  routes: Map<string, readonly DeliveryRoute[]>;
  /** Counts the changes: a query read before one ends is not kept as a route after it. */
  changes: number;
}

/**
 * Runs `write`, then drops the routes once it is committed. Dropping them before the write alone
 * let a route query already queued behind it (a delivery of another event) keep what it read from
 * before the write: a new subscription then heard nothing until the next change.
 */
async function changing<T>(context: Context, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    context.routes.clear();
    context.changes += 1;
  }
}

const UPSERT = `INSERT INTO subscriptions (id, app, generation, event, url, filter, api_version, dynamic, created)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (app, generation, event, url) DO UPDATE SET filter = excluded.filter
  RETURNING *`;

/**
 * Creates a subscription, or updates the filter of the one with the same app, generation, event
 * and URL (SUB-02). One statement: concurrent identical calls leave one row and share its id.
 */
async function upsertSubscription(context: Context, s: NewSubscription): Promise<SubscriptionRow> {
  const result = await changing(context, () =>
    context.db.execute({
      sql: UPSERT,
      args: [
        randomUUID(),
        s.app,
        s.generation,
        s.event,
        s.url,
        s.filter == null ? null : JSON.stringify(s.filter),
        s.apiVersion ?? null,
        s.dynamic ? 1 : 0,
        new Date().toISOString(),
      ],
    }),
  );
  return subscriptionRow(result.rows[0]);
}

/** Removes a subscription of the app; false when there is none with that id (SUB-05). */
async function deleteSubscription(
  context: Context,
  app: string,
  generation: Generation,
  id: string,
): Promise<boolean> {
  const result = await changing(context, () =>
    context.db.execute({
      sql: 'DELETE FROM subscriptions WHERE app = ? AND generation = ? AND id = ?',
      args: [app, generation, id],
    }),
  );
  return result.rowsAffected > 0;
}

async function listSubscriptions(
  { db, successes }: Context,
  app: string,
  generation: Generation,
): Promise<SubscriptionRow[]> {
  await successes.flush();
  const result = await db.execute({
    sql: 'SELECT * FROM subscriptions WHERE app = ? AND generation = ? ORDER BY created, id',
    args: [app, generation],
  });
  return result.rows.map(subscriptionRow);
}

/**
 * Where an event goes: the app's subscriptions of the generation and event that are not paused
 * (HEALTH-03), from memory when nothing changed since the last query.
 */
async function activeSubscriptions(
  context: Context,
  app: string,
  generation: Generation,
  event: string,
): Promise<readonly DeliveryRoute[]> {
  const { db, routes } = context;
  const key = `${app} ${generation} ${event}`;
  const cached = routes.get(key);
  if (cached) return cached;
  const before = context.changes;
  const result = await db.execute({
    sql: 'SELECT * FROM subscriptions WHERE app = ? AND generation = ? AND event = ? AND disabled_at IS NULL ORDER BY created, id',
    args: [app, generation, event],
  });
  const found = result.rows.map(deliveryRoute);
  if (context.changes === before) routes.set(key, found);
  return found;
}

const RECORD_FAILURE = `UPDATE subscriptions SET
    disabled_at = CASE WHEN generation = 'v1' AND disabled_at IS NULL AND fail_streak_started_at IS NOT NULL
                        AND fail_streak_started_at <= ? THEN ? ELSE disabled_at END,
    fail_streak_started_at = COALESCE(fail_streak_started_at, ?)
  WHERE id = ?`;

/**
 * A delivery failed terminally: the first failure opens a streak (HEALTH-01); a v1 streak that
 * began at or before `pauseIfStreakSince` pauses the subscription (HEALTH-03). v0 subscriptions
 * are never paused (HEALTH-04). One statement, so concurrent deliveries cannot lose a change.
 */
async function recordDeliveryFailure(
  context: Context,
  id: string,
  at: string,
  pauseIfStreakSince: string,
): Promise<void> {
  await context.successes.flush();
  await changing(context, () =>
    context.db.execute({ sql: RECORD_FAILURE, args: [pauseIfStreakSince, at, at, id] }),
  );
}

/** The subscriptions and their health (HEALTH-01..04) over `db`. */
export function subscriptions(db: Sql, successes: SuccessQueue) {
  const context: Context = { db, successes, routes: new Map(), changes: 0 };
  return {
    upsertSubscription: (s: NewSubscription) => upsertSubscription(context, s),
    deleteSubscription: (app: string, generation: Generation, id: string) =>
      deleteSubscription(context, app, generation, id),
    listSubscriptions: (app: string, generation: Generation) =>
      listSubscriptions(context, app, generation),
    activeSubscriptions: (app: string, generation: Generation, event: string) =>
      activeSubscriptions(context, app, generation, event),
    /** HEALTH-02: a 2xx delivery, written behind (`createSuccessQueue`). */
    recordDeliverySuccess: successes.record,
    recordDeliveryFailure: (id: string, at: string, pauseIfStreakSince: string) =>
      recordDeliveryFailure(context, id, at, pauseIfStreakSince),
  };
}
