import type { DocumentTypes } from '../../generated/types/index.js';
import type { ClientVersion } from './create-client.js';

type Paths<V extends ClientVersion> = DocumentTypes[V]['paths'];
type Literal<T> = T extends string ? (string extends T ? never : T) : never;
type CodesOf<Body> = Body extends unknown
  ? | Literal<Body extends { error?: infer E } ? E : never>
    | Literal<Body extends { code?: infer C } ? C : never>
  : never;
// A body typed `unknown` (an unspecified shape) would swallow the whole union, so it is left out.
type Known<B> = unknown extends B ? never : B;
type ErrorBodies<R> = {
  [S in keyof R]: S extends 200 | 201 | 202 | 204 | '2XX'
    ? never
    : R[S] extends { content: { 'application/json': infer B } }
      ? Known<B>
      : never;
}[keyof R];

/**
 * The error codes a version's document declares for one operation, as a union of literals
 * (`'missing_parameter' | 'not_in_chat' | ...`), gathered over every non-2xx response.
 */
export type ErrorCode<
  V extends ClientVersion,
  P extends keyof Paths<V>,
  M extends keyof Paths<V>[P],
> = Paths<V>[P][M] extends { responses: infer R } ? CodesOf<ErrorBodies<R>> : never;

/**
 * The machine-readable code of an error body: v1 names it in `error`, v0 in `code`. Typed as the
 * codes the document declares, and still open to codes it does not (the catalogue is not complete).
 */
export function errorCode<Known extends string = never>(
  body: unknown,
): Known | (string & {}) | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const { error, code } = body as { error?: unknown; code?: unknown };
  if (typeof error === 'string') return error;
  return typeof code === 'string' ? code : undefined;
}
