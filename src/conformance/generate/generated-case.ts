/**
 * What one generated request breaks on purpose, or `valid` (a body from the schema) and `example`
 * (a body from the document's examples) for requests that must pass the request rules;
 * `no-version` sends no `Service-Version`, with a credential pinned to the version under test.
 */
export type CaseKind =
  | 'valid'
  | 'example'
  | 'wrong-type'
  | 'omitted-body'
  | 'wrong-content-type'
  | 'bad-version'
  | 'no-version'
  | 'no-credential'
  | 'unknown-credential'
  | 'revoked-credential'
  | 'wrong-method';

/** One generated request, as sent: plain data, so a report can carry it and a seed replay it. */
export interface GeneratedCase {
  kind: CaseKind;
  method: string;
  /** `/v1/...`, below the profile's base URL. */
  path: string;
  headers: Record<string, string>;
  /** The raw body, when there is one. */
  body?: string;
  /** What was changed for a `wrong-type` case: the field and the value put there. */
  change?: string;
}
