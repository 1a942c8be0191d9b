import createFetchClient, { type Client } from 'openapi-fetch';
import type { DatedVersion, DocumentTypes } from '../../generated/types/index.ts';
import { listVersions } from '../versions.ts';

/** `v0`, or the dated v1 version a client is pinned to. */
export type ClientVersion = 'v0' | DatedVersion;

/** An openapi-fetch client typed by the paths of exactly one version's document. */
export type ServiceClient<V extends ClientVersion> = Client<DocumentTypes[V]['paths']>;

export interface ClientOptions<V extends ClientVersion> {
  version: V;
  /** The API host, `{base_url}`: `/v0` or `/v1` is added by the version. */
  baseUrl: string;
  /** An API key, OAuth access token or personal access token. */
  token: string;
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * A client for one version: it sends `Authorization: Bearer` (AUTH-01) and, for v1, pins every
 * request with `Service-Version` (VER-02); request and response bodies are typed by that version.
 */
export function createClient<V extends ClientVersion>(options: ClientOptions<V>): ServiceClient<V> {
  const known = ['v0', ...listVersions()];
  if (!known.includes(options.version)) {
    throw new TypeError(`unknown version "${options.version}"; supported: ${known.join(', ')}`);
  }
  const headers: Record<string, string> = { Authorization: `Bearer ${options.token}` };
  // v0 is outside the dated scheme (VER-06): no version header.
  if (options.version !== 'v0') headers['Service-Version'] = options.version;
  const generation = options.version === 'v0' ? 'v0' : 'v1';
  return createFetchClient<DocumentTypes[V]['paths']>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/${generation}`,
    headers,
    fetch: options.fetch,
  });
}
