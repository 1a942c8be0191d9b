import createFetchClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchOptions,
  type FetchResponse,
  type ParseAs,
} from 'openapi-fetch';
import type { DatedVersion, DocumentTypes } from '../../generated/types/index.js';
import { listVersions } from '../versions.js';

/** `v0`, or the dated v1 version a client is pinned to. */
export type ClientVersion = 'v0' | DatedVersion;

type Paths<V extends ClientVersion> = DocumentTypes[V]['paths'];
type Method = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

// The operation object of one path and method.
type Op<P, Path, M extends Method> = Path extends keyof P
  ? P[Path] extends { [K in M]: infer O extends {} }
    ? O
    : never
  : never;
type Init<O, Parse extends ParseAs> = FetchOptions<O> & { parseAs?: Parse };
// The init may be left out when the operation requires neither params nor a body, as in
// openapi-fetch.
type InitArgs<O, Parse extends ParseAs> =
  {} extends FetchOptions<O> ? [init?: Init<O, Parse>] : [init: Init<O, Parse>];
// `{ parseAs: 'json' }` types `data` as the JSON body, as openapi-fetch does when parseAs is left
// out.
type Result<O, Parse extends ParseAs> = Promise<
  FetchResponse<O & {}, { parseAs: Parse }, `${string}/${string}`>
>;

// openapi-fetch 0.17 types each method as
// `<Path, Init extends MaybeOptionalInit<…>>(url, ...init: InitParam<Init>)`: the init object is
// *inferred* into `Init`, so the parameter type is the literal's own type and TypeScript never runs
// its excess-property check (InitParam also adds `[key: string]: unknown`). A misspelt or unknown
// body field therefore compiles with openapi-fetch's own client too
// (openapi-ts/openapi-typescript#2329); it is caught only when inference fails for another reason
// (e.g. a literal widened to string against an enum) and the declared type is used instead. Here
// only the path and `parseAs` are inferred and the init is the operation's declared options, so an
// unknown key in an object literal, at any depth, is an error.
type Call<P extends {}, M extends Method> = <
  Path extends ClientPathsWithMethod<Client<P>, M>,
  Parse extends ParseAs = 'json',
>(
  url: Path,
  ...init: InitArgs<Op<P, Path, M>, Parse>
) => Result<Op<P, Path, M>, Parse>;

/**
 * An openapi-fetch client typed by the paths of exactly one version's document, with exact request
 * bodies.
 */
export type ServiceClient<V extends ClientVersion> = Omit<
  Client<Paths<V>>,
  'request' | Uppercase<Method>
> & {
  [M in Method as Uppercase<M>]: Call<Paths<V>, M>;
} & {
  request: <
    M extends Method,
    Path extends ClientPathsWithMethod<Client<Paths<V>>, M>,
    Parse extends ParseAs = 'json',
  >(
    method: M,
    url: Path,
    ...init: InitArgs<Op<Paths<V>, Path, M>, Parse>
  ) => Result<Op<Paths<V>, Path, M>, Parse>;
};

export interface ClientOptions<V extends ClientVersion> {
  version: V;
  /**
   * The API host, `{base_url}`, with or without the version's `/v0` or `/v1`: the client adds it
   * when missing.
   */
  baseUrl: string;
  /** An API key, OAuth access token or personal access token. */
  token: string;
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * `baseUrl` with exactly one trailing `/<generation>`: callers copy the host from docs that show it
 * either way (`http://host` or `http://host/v1`), and adding it twice requests `/v1/v1/...`.
 */
function generationBaseUrl(baseUrl: string, generation: 'v0' | 'v1'): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  // A last path segment `v0`/`v1`; the lookbehind keeps a host named `v1` (`http://v1`) out.
  const last = /(?<=[^/])\/(v[01])$/.exec(trimmed)?.[1];
  if (last === undefined) return `${trimmed}/${generation}`;
  if (last === generation) return trimmed;
  throw new TypeError(
    `baseUrl "${baseUrl}" ends in /${last}, but this version is served under /${generation}`,
  );
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
  const client = createFetchClient<Paths<V>>({
    baseUrl: generationBaseUrl(options.baseUrl, generation),
    headers,
    fetch: options.fetch,
  });
  // The same object: ServiceClient only narrows the method signatures openapi-fetch declares.
  return client as unknown as ServiceClient<V>;
}
