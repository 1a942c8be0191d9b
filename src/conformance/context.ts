import type { LoadedDocument } from '../validation/documents-by-version.js';
import { judgeAnswer } from '../validation/judge-answer.js';
import type { Profile } from './profile.js';
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

export interface Observed {
  status: number;
  headers: Headers;
  body: any;
  /** What differs from the document of the version the answer names (status, type, headers, body). */
  shape: string[];
}

export interface CheckContext {
  profile: Profile;
  /** The dated version under test. */
  version: string;
  call(input: CallInput): Promise<Observed>;
  /** A credential pinned to `pin` (or unpinned for null) with every scope in `scopes`, if the profile has one. */
  credential(options: {
    pin?: string | null;
    scopes?: string[];
    access?: 'organization' | 'personal';
  }): string | undefined;
  /** The run's delivery receiver on loopback, started on first use. */
  receiver(): Promise<Receiver>;
  /** Whether checks may wait out the real schedule (minutes) rather than report it as not testable. */
  fullSchedule: boolean;
  /** The bundled documents answers are held to, keyed `v0`, `auth` or by dated version. */
  documents: Map<string, LoadedDocument>;
}

export interface ContextOptions {
  receiver: () => Promise<Receiver>;
  fullSchedule: boolean;
}

/** The context checks run in: HTTP calls whose answers are also checked against the documents. */
export function createContext(
  profile: Profile,
  version: string,
  documents: Map<string, LoadedDocument>,
  { receiver, fullSchedule }: ContextOptions,
): CheckContext {
  return {
    profile,
    version,
    receiver,
    fullSchedule,
    documents,
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
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: the shape check reports it where the document wants JSON.
      }
      return {
        status: response.status,
        headers: response.headers,
        body: parsed,
        shape: judgeAnswer(
          documents,
          { path, method, status: response.status, headers: response.headers, body: parsed },
          asked ?? version,
        ).map((d) => `${d.location}: ${d.message}`),
      };
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
}
