/**
 * What one generated request is, as its answer is judged (expected-answer.ts):
 * - `valid` (a body from the schema) and `example` (a body from the document's examples) break no
 *   rule and must not be refused by one;
 * - `open` carries a value whose validity the specification leaves open (`null` for an optional
 *   field, an empty `text`, ...): any answer but a server error is right;
 * - each other kind breaks a rule on purpose: `no-scope` (a credential without the operation's
 *   scope or access model), `past-limit` (a string past its byte or length limit), `invalid-body`
 *   (a body from the schema the request rules still refuse), `wrong-type`, `missing-field`,
 *   `omitted-body`, `wrong-content-type`, `bad-version`, `no-credential`, `unknown-credential`,
 *   `revoked-credential`, `wrong-method`; `several` breaks two of them at once;
 * - `no-version` sends no `Service-Version`, with a credential pinned to the version under test.
 */
export type CaseKind =
  | 'valid'
  | 'example'
  | 'open'
  | 'no-scope'
  | 'past-limit'
  | 'invalid-body'
  | 'wrong-type'
  | 'missing-field'
  | 'omitted-body'
  | 'wrong-content-type'
  | 'bad-version'
  | 'no-version'
  | 'no-credential'
  | 'unknown-credential'
  | 'revoked-credential'
  | 'wrong-method'
  | 'several';

/** One generated request, as sent: plain data, so a report can carry it and a seed replay it. */
export interface GeneratedCase {
  kind: CaseKind;
  method: string;
  /** `/v1/...`, below the profile's base URL. */
  path: string;
  headers: Record<string, string>;
  /** The raw body, when there is one. */
  body?: string;
  /**
   * What was changed: the field and the value put there (`wrong-type`), the field left out
   * (`missing-field`), the rules broken together (`several`).
   */
  change?: string;
}
