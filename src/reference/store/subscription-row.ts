export type Generation = 'v0' | 'v1';

export interface SubscriptionRow {
  id: string;
  app: string;
  generation: Generation;
  event: string;
  url: string;
  filter: Record<string, unknown> | null;
  apiVersion: string | null;
  dynamic: boolean;
  created: string;
  lastSuccessAt: string | null;
  failStreakStartedAt: string | null;
  disabledAt: string | null;
}

/** What a delivery needs of a subscription. */
export type DeliveryRoute = Pick<
  SubscriptionRow,
  'id' | 'generation' | 'url' | 'filter' | 'apiVersion'
>;

const nullable = (value: unknown) => (value as string | null) ?? null;

/** A row of the `subscriptions` table as the store's callers see it. */
export function subscriptionRow(row: unknown): SubscriptionRow {
  const r = row as Record<string, unknown>;
  return {
    id: String(r.id),
    app: String(r.app),
    generation: r.generation as Generation,
    event: String(r.event),
    url: String(r.url),
    filter: r.filter === null ? null : (JSON.parse(String(r.filter)) as Record<string, unknown>),
    apiVersion: nullable(r.api_version),
    dynamic: Number(r.dynamic) === 1,
    created: String(r.created),
    lastSuccessAt: nullable(r.last_success_at),
    failStreakStartedAt: nullable(r.fail_streak_started_at),
    disabledAt: nullable(r.disabled_at),
  };
}

export function deliveryRoute(row: unknown): DeliveryRoute {
  const { id, generation, url, filter, apiVersion } = subscriptionRow(row);
  return { id, generation, url, filter, apiVersion };
}
