import type { OpenApiDocument } from '../../documents.js';
import { dereference } from '../../openapi/dereference.js';
import { mergeAllOf } from '../../diff/merge-all-of.js';
import { HTTP_METHODS, type OperationEntry, listOperations } from '../../openapi/operations.js';
import type { Profile } from '../profile/profile.js';

type Credential = Profile['credentials'][number];

/** One operation of v0 or of the version under test, with what generating requests to it needs. */
export interface GenerateTarget {
  /** `POST /v1/chat.postEphemeral`. */
  id: string;
  generation: 'v0' | 'v1';
  /** The path as sent: `/v1/chat.postEphemeral`. */
  path: string;
  entry: OperationEntry;
  /** The body's media type: JSON, or a form (v0 unsubscribe). */
  mediaType?: string;
  /** The methods its path documents, lower case. */
  methods: string[];
  /** The body's schema, dereferenced; undefined for an operation without a body. */
  bodySchema?: unknown;
  /** The document's example bodies. */
  examples: unknown[];
  /** Live credentials with the scopes and access model the operation allows. */
  allowed: Credential[];
  /** Every live credential, allowed or not. */
  live: Credential[];
  revoked: Credential[];
  /** The requirement a broken request rule of the operation is reported under. */
  requirement: string;
}

/**
 * Operations whose success changes what the profile's credentials can do: a revoked credential
 * stays revoked (AUTH-09), so only requests that must be refused are sent to them.
 */
const DESTRUCTIVE = new Set(['/token.revoke']);

/** Where an operation cites no requirement, the rule every answer is held to (VER-03). */
const FALLBACK_REQUIREMENT = 'VER-03';

/** The operations of `document` the profile implements, each ready to generate requests. */
export function generateTargets(
  document: OpenApiDocument,
  profile: Profile,
  generation: 'v0' | 'v1' = 'v1',
): GenerateTarget[] {
  return listOperations(document)
    .filter(
      (e) =>
        e.kind === 'path' && profile.implements.includes(`${generation} ${e.method} ${e.name}`),
    )
    .map((entry) => targetOf(document, entry, profile, generation));
}

/** Whether only refusals may be sent to the target. */
export function isDestructive(target: GenerateTarget): boolean {
  return DESTRUCTIVE.has(target.entry.name);
}

function targetOf(
  document: OpenApiDocument,
  entry: OperationEntry,
  profile: Profile,
  generation: 'v0' | 'v1',
): GenerateTarget {
  const { operation } = entry;
  const content = (operation.requestBody?.content ?? {}) as Record<string, any>;
  const [mediaType] = Object.keys(content);
  const media = mediaType === undefined ? undefined : content[mediaType];
  const live = profile.credentials.filter((c) => !c.revoked);
  const cited = `${operation.summary ?? ''} ${operation.description ?? ''}`.match(/[A-Z]+-\d\d/);
  return {
    id: `${entry.method.toUpperCase()} /${generation}${entry.name}`,
    generation,
    path: `/${generation}${entry.name}`,
    entry,
    ...(mediaType === undefined ? {} : { mediaType }),
    methods: HTTP_METHODS.filter((m) => document.paths?.[entry.name]?.[m]),
    bodySchema: media ? mergeAllOf(dereference(document, media.schema ?? {})) : undefined,
    examples: Object.values((media?.examples ?? {}) as Record<string, { value?: unknown }>)
      .map((e) => e.value)
      .filter((v) => v !== undefined),
    allowed: live.filter((c) => allows(operation, c)),
    live,
    revoked: profile.credentials.filter((c) => c.revoked),
    requirement: cited?.[0] ?? FALLBACK_REQUIREMENT,
  };
}

/** AUTH-13, AUTH-11: the credential holds the scopes of one security requirement, and its access. */
function allows(operation: Record<string, any>, credential: Credential): boolean {
  const requirements = (operation.security ?? []) as Array<Record<string, string[]>>;
  const scoped =
    requirements.length === 0 ||
    requirements.some((r) =>
      Object.values(r).every((s) => s.every((x) => credential.scopes.includes(x))),
    );
  const access = operation['x-access'] as string[] | undefined;
  return (
    scoped && (access ? access.includes(credential.access) : credential.access === 'organization')
  );
}
