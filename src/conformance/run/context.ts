import { type Diagnostic, type Exchange, diagnostic } from '../../diagnostic.js';
import type { HttpAnswer } from '../../http-answer.js';
import { redactText, redactValue } from '../../redact.js';
import { credentialName } from '../transport/credential-name.js';
import type { LoadedDocument } from '../../validation/documents-by-version.js';
import { judgeAnswer } from '../../validation/judge-answer.js';
import type { Callback } from '../callback/callback.js';
import { recordAnswer } from './exercised-log.js';
import type { Profile } from '../profile/profile.js';
import { readingFails } from '../profile/readings.js';
import type { Receiver } from '../callback/receiver.js';
import { send } from '../transport/send.js';
import { answerShapeDiagnostics, readAnswerIn } from '../../version-changes/read-answer.js';

export interface CallInput {
  /** `/v0/...`, `/v1/...`, or an OAuth path below the profile's authUrl. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  token?: string;
  /** Sent as `Service-Version`. */
  version?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** Further request headers (HTTP Basic client authentication, a bad content type). */
  headers?: Record<string, string>;
  /** A raw body, sent as is with the content type in `headers`. */
  raw?: string;
}

/** A request an answer is held to the documents for: `path` as sent, the version it asked for. */
export interface JudgedRequest {
  path: string;
  method: string;
  version?: string;
}

export interface CheckContext {
  profile: Profile;
  /** The dated version under test. */
  version: string;
  /** An HTTP call; its answer is also held to its document, and a difference fails the check. */
  call(input: CallInput): Promise<HttpAnswer<any>>;
  /** Holds an answer the check got another way (a consent form's) to the document of `request`. */
  judge(request: JudgedRequest, answer: HttpAnswer): void;
  /**
   * Records a finding: the rule broken is the check's id, the requirement its first unless given,
   * the version the one under test. With `answer` (one `call` returned), the finding shows the
   * request sent and the answer got. One resting on a `reading` (the check's own, unless given) is
   * a warning unless the profile opts into that reading; a check that reported an error fails.
   */
  report(finding: Finding): void;
  /**
   * Notes what the check could not exercise (a branch no fixture reaches): not a finding, but
   * shown beside the result, so a pass is not taken for more than it tested.
   */
  note(text: string): void;
  /**
   * A credential pinned to `pin` (or unpinned for null) with every scope in `scopes`, if the
   * profile has one.
   */
  credential(options: {
    pin?: string | null;
    scopes?: string[];
    access?: 'organization' | 'personal';
  }): string | undefined;
  /** The run's delivery receiver, started on first use. */
  receiver(): Promise<Receiver>;
  /** Where the receiver listens and how the implementation reaches it; loopback when absent. */
  callback?: Callback;
  /**
   * Whether checks may wait out the real schedule (minutes) rather than report it as not testable.
   */
  fullSchedule: boolean;
  /** The bundled documents answers are held to, keyed `v0`, `auth` or by dated version. */
  documents: ReadonlyMap<string, LoadedDocument>;
}

/** What a check reports: the message, and what it knows of the rule, the values and the exchange. */
export type Finding = Pick<Diagnostic, 'message'> &
  Partial<
    Pick<Diagnostic, 'requirement' | 'expected' | 'actual' | 'location' | 'reading' | 'severity'>
  > & {
    /** An answer `call` returned: the finding shows its request and the answer. */
    answer?: HttpAnswer;
  };

/** The longest request body excerpt a finding shows. */
const EXCERPT_CHARS = 300;
/** The longest answer body a finding shows whole; longer ones as an excerpt of their text. */
const ANSWER_CHARS = 2000;

/** What every check of one run at one version shares. */
export interface RunScope {
  profile: Profile;
  version: string;
  documents: ReadonlyMap<string, LoadedDocument>;
  receiver: () => Promise<Receiver>;
  /** How the implementation reaches the receiver (`--callback-url`); loopback when absent. */
  callback?: Callback;
  fullSchedule: boolean;
}

/**
 * Differences of an answer from its document that one check judges for every answer (#32): a
 * check that merely met one says so in a note, and only the check of its rule fails, so one
 * missing header is reported once, under the clause it breaks.
 */
const JUDGED_ELSEWHERE: ReadonlyMap<string, { requirement: string; check: string }> = new Map([
  ['header Service-Version', { requirement: 'VER-03', check: 'ver-03-version-header' }],
]);

/** The note for a difference another check judges, or undefined where this check judges it. */
function judgedElsewhere(shape: Diagnostic, requirements: readonly string[]): string | undefined {
  if (shape.rule !== 'missing_header' || !shape.location) return undefined;
  const judge = JUDGED_ELSEWHERE.get(shape.location);
  if (!judge || requirements.includes(judge.requirement)) return undefined;
  return `an answer lacked ${shape.location.replace('header ', '')}: ${judge.requirement}'s finding, judged by ${judge.check}, not this check's`;
}

/**
 * What one check found: what it reported, and how the answers it got differ from their documents.
 */
export interface Found {
  findings: Diagnostic[];
  shapes: Diagnostic[];
  notes: string[];
}

/**
 * The context one check runs in, and what it found. Its calls' answers are held to the documents
 * (the response rules': `content_type`, `body`, ...), each difference named by the request.
 */
export function createContext(
  {
    id,
    requirements,
    reading: checkReading,
  }: { id: string; requirements: readonly string[]; reading?: string },
  { profile, version, documents, receiver, callback, fullSchedule }: RunScope,
): { context: CheckContext; found: Found } {
  const found: Found = { findings: [], shapes: [], notes: [] };
  const requirement = requirements[0];
  // The request each answer came from, to show beside findings about it.
  const sent = new WeakMap<object, Exchange['request']>();
  // The answer as it came, of an answer read in the names before a declared shape change.
  const sentAs = new WeakMap<object, HttpAnswer>();
  const judge = (request: JudgedRequest, { status, headers = {}, body }: HttpAnswer) => {
    const { path, method, version: asked = version } = request;
    recordAnswer({ path, method, version: asked }, { status, headers });
    const shapes = [
      ...judgeAnswer(documents, { path, method, status, headers, body }, asked),
      ...answerShapeDiagnostics(path, asked, { status, headers, body }),
    ];
    for (const shape of shapes) {
      const elsewhere = judgedElsewhere(shape, requirements);
      if (elsewhere) {
        context.note(elsewhere);
        continue;
      }
      found.shapes.push({
        ...shape,
        // A declared shape change names the requirement it was declared under.
        requirement: shape.rule === 'declared_shape' ? shape.requirement : requirement,
        version,
        message: `${method.toUpperCase()} ${path}: ${shape.message}`,
      });
    }
  };
  const context: CheckContext = {
    profile,
    version,
    receiver,
    ...(callback ? { callback } : {}),
    fullSchedule,
    documents,
    judge,
    note(text) {
      if (!found.notes.includes(text)) found.notes.push(text);
    },
    report({ message, answer, reading = checkReading, ...details }) {
      const request = answer && sent.get(answer);
      const named = {
        ...details,
        requirement: details.requirement ?? requirement,
        version,
        ...(reading
          ? {
              reading,
              severity: readingFails(reading, profile.readings)
                ? ('error' as const)
                : ('warning' as const),
            }
          : {}),
        ...(answer ? { exchange: exchangeOf(request, sentAs.get(answer) ?? answer) } : {}),
      } as const;
      found.findings.push(diagnostic(id, message, named));
    },
    async call({ path, method = 'GET', token, version: asked, json, form, headers: extra, raw }) {
      const headers: Record<string, string> = { ...extra };
      if (token) headers.authorization = `Bearer ${token}`;
      if (asked) headers['service-version'] = asked;
      let body: string | undefined = raw;
      if (form)
        [headers['content-type'], body] = [
          'application/x-www-form-urlencoded',
          new URLSearchParams(form).toString(),
        ];
      else if (json !== undefined)
        [headers['content-type'], body] = ['application/json', JSON.stringify(json)];
      const base =
        path.startsWith('/v0/') || path.startsWith('/v1/') ? profile.baseUrl : profile.authUrl;
      const answer = await send({ url: `${base}${path}`, method, headers, body });
      const credential = credentialName(profile, token);
      sent.set(answer, {
        method,
        path: redactText(path),
        base,
        ...(credential ? { credential } : {}),
        ...(Object.keys(headers).length ? { headers: redactHeaders(headers) } : {}),
        ...(body === undefined ? {} : { body: redactText(body).slice(0, EXCERPT_CHARS) }),
      });
      judge({ path, method, version: asked }, answer);
      // Checks read one set of names at every version; reports show what was sent.
      const read = readAnswerIn(path, asked ?? version, answer);
      if (read !== answer) {
        sent.set(read, sent.get(answer)!);
        sentAs.set(read, answer);
      }
      return read;
    },
    credential({ pin, scopes = [], access = 'organization' }) {
      return profile.credentials.find(
        (c) =>
          !c.revoked &&
          c.access === access &&
          (pin === undefined || c.pin === pin) &&
          scopes.every((s) => c.scopes.includes(s)),
      )?.token;
    },
  };
  return { context, found };
}

/** Request headers as a report shows them: every credential replaced (`Bearer [redacted]`). */
function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, redactText(value)]),
  );
}

/** The exchange a finding shows: the request (if the context sent it) and the answer, bounded. */
function exchangeOf(request: Exchange['request'], answer: HttpAnswer): Exchange {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const body =
    text === undefined || text.length <= ANSWER_CHARS
      ? redactValue(answer.body)
      : `${redactText(text.slice(0, ANSWER_CHARS))}...`;
  return {
    ...(request ? { request } : {}),
    answer: { status: answer.status, ...(body === undefined ? {} : { body }) },
  };
}
