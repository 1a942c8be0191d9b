import { type DocumentedSurface, loadSurfaces } from '../run/documented-surface.js';
import type { Exercised } from '../run/exercised-log.js';
import { groupBy } from '../../group-by.js';

/** How many of something documented a run exercised. */
export interface Tally {
  covered: number;
  total: number;
}

/** One documented answer of an operation (`200`, `4XX`, `default`) and the statuses that hit it. */
export interface AnswerCoverage {
  response: string;
  seen: number[];
}

export interface OperationCoverage {
  method: string;
  path: string;
  answers: AnswerCoverage[];
  /** Statuses got that no documented answer describes (the checks flag them as shape findings). */
  undocumented: number[];
}

export interface VersionCoverage {
  /** `v0`, `auth` or a dated version. */
  version: string;
  operations: OperationCoverage[];
  events: Array<{ event: string; delivered: boolean }>;
}

/** What a run exercised of the documents, per version and in all. */
export interface Coverage {
  versions: VersionCoverage[];
  operations: Tally;
  answers: Tally;
  events: Tally;
}

/**
 * Which documented operations, documented answers and webhook events `exercised` covers at each
 * of `versions`, then at v0 and at the OAuth server. A status covers its own documented code and
 * the documented range it falls in (`4XX`: a range is exercised by any status in it), or else
 * `default`; one no answer describes is listed as undocumented. An operation is covered by any
 * answer; an event by any delivery of it at that version.
 */
export function coverageOf(
  exercised: Exercised,
  versions: readonly string[],
  surfaces: ReadonlyMap<string, DocumentedSurface> = loadSurfaces(),
): Coverage {
  const statuses = statusesByOperation(exercised.answers);
  const events = new Set(exercised.events);
  const covered = [...new Set([...versions, 'v0', 'auth'])].flatMap((version) => {
    const surface = surfaces.get(version);
    return surface ? [versionCoverage(version, surface, statuses, events)] : [];
  });
  const all = covered.flatMap((v) => v.operations);
  const answers = all.flatMap((o) => o.answers);
  const delivered = covered.flatMap((v) => v.events);
  return {
    versions: covered,
    operations: tally(all, (o) => o.answers.some((a) => a.seen.length) || o.undocumented.length),
    answers: tally(answers, (a) => a.seen.length),
    events: tally(delivered, (e) => e.delivered),
  };
}

function versionCoverage(
  version: string,
  surface: DocumentedSurface,
  statuses: Map<string, number[]>,
  events: Set<string>,
): VersionCoverage {
  return {
    version,
    operations: surface.operations.map(({ method, path, responses }) => {
      const got = statuses.get(`${version} ${method} ${path}`) ?? [];
      const answers = responses.map((response) => ({ response, seen: [] as number[] }));
      const undocumented: number[] = [];
      for (const status of got) {
        const hits = answers.filter((a) => a.response === String(status) || inRange(a, status));
        // `default` stands for what no code or range of the operation describes.
        const fallback = answers.find((a) => a.response === 'default');
        if (hits.length === 0 && fallback) hits.push(fallback);
        for (const hit of hits) hit.seen.push(status);
        if (hits.length === 0) undocumented.push(status);
      }
      return { method, path, answers, undocumented };
    }),
    events: surface.events.map((event) => ({
      event,
      delivered: events.has(`${version} ${event}`),
    })),
  };
}

/** Whether `status` falls in a documented range (`4XX`). */
const inRange = ({ response }: AnswerCoverage, status: number) =>
  /^[1-5]XX$/.test(response) && response[0] === String(status)[0];

/** `<version> <METHOD> <path> <status>` keys as the statuses got per operation, sorted. */
function statusesByOperation(answers: readonly string[]): Map<string, number[]> {
  const parsed = answers.flatMap((key) => {
    const at = key.lastIndexOf(' ');
    const status = Number(key.slice(at + 1));
    return at < 0 || !Number.isInteger(status) ? [] : [{ operation: key.slice(0, at), status }];
  });
  const byOperation = new Map<string, number[]>();
  for (const [operation, list] of groupBy(parsed, (p) => p.operation))
    byOperation.set(
      operation,
      list.map((p) => p.status).sort((a, b) => a - b),
    );
  return byOperation;
}

function tally<T>(items: readonly T[], counts: (item: T) => unknown): Tally {
  return { covered: items.filter((item) => Boolean(counts(item))).length, total: items.length };
}
