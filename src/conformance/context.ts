import { type Diagnostic, diagnostic } from '../diagnostic.js';
import type { HttpAnswer } from '../http-answer.js';
import type { LoadedDocument } from '../validation/documents-by-version.js';
import { judgeAnswer } from '../validation/judge-answer.js';
import type { Profile } from './profile.js';
import { readAnswer } from './read-answer.js';
import type { Receiver } from './receiver.js';

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
   * the version the one under test. A check that reported anything fails.
   */
  report(
    finding: Pick<Diagnostic, 'message'> &
      Partial<Pick<Diagnostic, 'requirement' | 'expected' | 'actual' | 'location'>>,
  ): void;
  /**
   * A credential pinned to `pin` (or unpinned for null) with every scope in `scopes`, if the
   * profile has one.
   */
  credential(options: {
    pin?: string | null;
    scopes?: string[];
    access?: 'organization' | 'personal';
  }): string | undefined;
  /** The run's delivery receiver on loopback, started on first use. */
  receiver(): Promise<Receiver>;
  /**
   * Whether checks may wait out the real schedule (minutes) rather than report it as not testable.
   */
  fullSchedule: boolean;
  /** The bundled documents answers are held to, keyed `v0`, `auth` or by dated version. */
  documents: Map<string, LoadedDocument>;
}

/** What every check of one run at one version shares. */
export interface RunScope {
  profile: Profile;
  version: string;
  documents: Map<string, LoadedDocument>;
  receiver: () => Promise<Receiver>;
  fullSchedule: boolean;
}

/**
 * What one check found: what it reported, and how the answers it got differ from their documents.
 */
export interface Found {
  findings: Diagnostic[];
  shapes: Diagnostic[];
}

/**
 * The context one check runs in, and what it found. Its calls' answers are held to the documents
 * (the response rules': `content_type`, `body`, ...), each difference named by the request.
 */
export function createContext(
  { id, requirements }: { id: string; requirements: readonly string[] },
  { profile, version, documents, receiver, fullSchedule }: RunScope,
): { context: CheckContext; found: Found } {
  const found: Found = { findings: [], shapes: [] };
  const requirement = requirements[0];
  const judge = (request: JudgedRequest, { status, headers = {}, body }: HttpAnswer) => {
    const { path, method, version: asked = version } = request;
    for (const shape of judgeAnswer(documents, { path, method, status, headers, body }, asked))
      found.shapes.push({
        ...shape,
        requirement,
        version,
        message: `${method.toUpperCase()} ${path}: ${shape.message}`,
      });
  };
  const context: CheckContext = {
    profile,
    version,
    receiver,
    fullSchedule,
    documents,
    judge,
    report({ message, ...details }) {
      const named = { ...details, requirement: details.requirement ?? requirement, version };
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
      const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
      const answer = await readAnswer(response);
      judge({ path, method, version: asked }, answer);
      return answer;
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
