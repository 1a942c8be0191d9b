import { documentKeyOf, documentPathOf } from '../../validation/document-key.js';
import { readHeader } from '../../validation/check-response.js';
import { type DocumentedSurface, loadSurfaces, operationAt } from './documented-surface.js';

/**
 * What the run exercised, as keys a set union merges (shards): `<version> <METHOD> <path> <status>`
 * for each answer got, `<version> <event>` for each delivery received.
 */
export interface Exercised {
  answers: string[];
  events: string[];
}

/**
 * A bound on what one log keeps: the keys of documented operations, statuses and events are a
 * few thousand at most; past this a run sending to something else is not let grow the report.
 */
const MAX_KEYS = 20_000;

interface Log {
  answers: Set<string>;
  events: Set<string>;
}

/** The logs open now: usually the one of the run in progress. */
const open = new Set<Log>();

/**
 * Starts recording what the run exercises: every answer the suite gets from a documented
 * operation (its checks' and its generated requests'), every event a hook of its receiver got a
 * delivery of. `close` stops and returns it, sorted, as the reports carry it.
 */
export function openExercisedLog(): { close(): Exercised } {
  const log: Log = { answers: new Set(), events: new Set() };
  open.add(log);
  return {
    close() {
      open.delete(log);
      return { answers: [...log.answers].sort(), events: [...log.events].sort() };
    },
  };
}

/**
 * Notes an answer as `<version> <METHOD> <path template> <status>`: the version is `v0`, `auth`,
 * or the dated one the answer names (VER-03), else the one the request asked for. An answer from
 * no documented operation (a wrong method, an unknown path) is not noted: coverage counts the
 * documents' operations.
 */
export function recordAnswer(
  request: { method: string; path: string; version?: string },
  answer: { status: number; headers?: Headers | Record<string, string> },
): void {
  if (open.size === 0) return;
  const surfaces = loadSurfaces();
  const named = answer.headers && readHeader(answer.headers, 'service-version');
  // v0's and the OAuth server's documents are one each, whatever version was asked.
  const version = [named, request.version, '']
    .map((v) => (v === undefined ? undefined : documentKeyOf(request.path, v)))
    .find((key) => key !== undefined && surfaces.has(key));
  if (version === undefined) return;
  const operation = operationAt(
    surfaces.get(version) as DocumentedSurface,
    request.method,
    documentPathOf(request.path),
  );
  if (!operation) return;
  add('answers', `${version} ${operation.method} ${operation.path} ${answer.status}`);
}

/** Notes that a hook subscribed to `event` at `version` (`v0` or dated) got a delivery. */
export function recordDeliveries(
  { event, version }: { event: string; version: string },
  received: number,
): void {
  if (received > 0 && !/\s/.test(event)) add('events', `${version} ${event}`);
}

function add(kind: keyof Log, key: string): void {
  for (const log of open) if (log[kind].size < MAX_KEYS) log[kind].add(key);
}
