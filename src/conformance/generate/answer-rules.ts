// generate/: the generated requests of --generate: arbitraries, expected answers, judging.
import { CLIENT_ERROR } from '../run/expect-answer.js';
import type { GenerateTarget } from './generate-target.js';
import { gateVersion } from '../../versions.js';

/** An answer the specification allows to a request that breaks one rule. */
export interface Allowed {
  /** The status it gives, the statuses it allows, or any 4xx where it gives none. */
  status: number | readonly number[] | typeof CLIENT_ERROR;
  /** The codes it names for the condition (v1 `error`, v0 `code`); absent: any code, or none. */
  codes?: readonly string[];
  /** VER-04: the body lists the supported versions, under whatever field. */
  listsVersions?: true;
  /**
   * A narrower set of codes only a reading of docs/REQUIREMENTS.md gives: another code of `codes`
   * is a warning, unless the profile opts into the reading.
   */
  reading?: { id: string; codes: readonly string[] };
}

/** Where the specification leaves the answer to the implementation: anything but a server error. */
export const OPEN = 'open';

/** The request rules a generated request can break, each answered as the table below says. */
export type RuleId =
  | 'unsupported-version'
  | 'no-credential'
  | 'unknown-credential'
  | 'revoked-credential'
  | 'other-method'
  | 'missing-scope'
  | 'access-model'
  | 'missing-text'
  | 'not-a-uuid'
  | 'sender-name-too-long'
  | 'sender-image-not-http'
  | 'avatar-not-hosted'
  | 'sender-with-personal-token'
  | 'text-too-long'
  | 'url-too-long'
  | 'destination-refused'
  | 'filter-rejected'
  | 'bad-parameter';

interface AnswerRule {
  /** The requirement a disagreement is reported under: the rule's, or the operation's. */
  requirement: string | ((target: GenerateTarget) => string);
  /** Where the specification gives the answer, in its words, or says that it does not. */
  spec: string;
  answer: (target: GenerateTarget) => Allowed | typeof OPEN;
}

/** The 401 codes of authentication failures (Errors; Authentication 13). */
const AUTH_CODES = ['not_authed', 'invalid_token', 'token_revoked'];
/** Which cause each code names, where only the code's name says it. */
const CODE_BY_CAUSE = 'AUTH-02.code-by-cause';
const EPHEMERAL = 'POST /v1/chat.postEphemeral';
const LIST = 'GET /v1/webhook.list';
const V0_SUBSCRIBE = 'POST /v0/webhook.subscribe';
const V0_UNSUBSCRIBE = 'POST /v0/webhook.unsubscribe';
/** Any refusal: where a rule's status is not given, and where part of a request is open. */
export const ANY_REFUSAL: Allowed = { status: CLIENT_ERROR };
/**
 * v0's refusals of a credential that may not subscribe: 400 and 401 ("invalid authentication
 * credentials") are listed, and no status is given for a valid credential of the wrong access model
 * or scope, for which 403 is as reasonable; unsubscribe also lists 404.
 */
const V0_SUBSCRIBE_ACCESS: Allowed = { status: [400, 401, 403] };
const V0_UNSUBSCRIBE_ACCESS: Allowed = { status: [400, 401, 403, 404] };

/** The answer an operation gives, where the table names it; any 4xx elsewhere. */
const byOperation =
  (answers: ReadonlyMap<string, Allowed>) =>
  (target: GenerateTarget): Allowed =>
    answers.get(target.id) ?? ANY_REFUSAL;

const own = (target: GenerateTarget) => target.requirement;

/**
 * What the specification answers each broken request rule with, and where it says so. A status is
 * exact where it states one for the condition, any 4xx where it states none; a code only where it
 * names one for the condition; for VER-04 a 400 whose body lists the supported versions under any
 * field. A request that breaks several rules may get the answer of any of them: no order among
 * refusals is stated.
 */
export const ANSWER_RULES: ReadonlyMap<RuleId, AnswerRule> = new Map<RuleId, AnswerRule>([
  [
    'unsupported-version',
    {
      requirement: 'VER-04',
      spec: 'Versioning 5: "An unsupported requested version gives 400 with the supported list."',
      answer: () => ({ status: 400, listsVersions: true }),
    },
  ],
  [
    'no-credential',
    {
      requirement: 'AUTH-01',
      spec: 'Authentication 1 and 13, Errors: every call sends `Authorization: Bearer`; authentication failures carry one of `not_authed`, `invalid_token`, `token_revoked` on 401 (that none sent is `not_authed` is the reading AUTH-02.code-by-cause)',
      answer: () => ({
        status: 401,
        codes: AUTH_CODES,
        reading: { id: CODE_BY_CAUSE, codes: ['not_authed'] },
      }),
    },
  ],
  [
    'unknown-credential',
    {
      requirement: 'AUTH-02',
      spec: 'Authentication 13, Errors: 401 with one of the three codes (that an unknown token is `invalid_token`, "worth a refresh", is the reading AUTH-02.code-by-cause)',
      answer: () => ({
        status: 401,
        codes: AUTH_CODES,
        reading: { id: CODE_BY_CAUSE, codes: ['invalid_token'] },
      }),
    },
  ],
  [
    'revoked-credential',
    {
      requirement: 'AUTH-09',
      spec: 'Token grants: "a revoked grant yields `token_revoked` on use"; Errors: authentication failures carry their code on 401',
      answer: () => ({ status: 401, codes: ['token_revoked'] }),
    },
  ],
  [
    'other-method',
    {
      requirement: (target) => (target.id === EPHEMERAL ? 'EPH-04' : target.requirement),
      spec: 'Errors: "postEphemeral | 405 | unsupported method" (no code); no other endpoint states one; where the document assumes the method (`x-method: assumed`), another may be the implementation\'s own',
      answer: (target) => {
        if (target.entry.operation['x-method'] === 'assumed') return OPEN;
        return target.id === EPHEMERAL ? { status: 405 } : ANY_REFUSAL;
      },
    },
  ],
  [
    'missing-scope',
    {
      requirement: (target) =>
        target.id === LIST ? 'SUB-08' : target.generation === 'v0' ? 'SUB-06' : 'AUTH-13',
      spec: 'Errors: "postEphemeral | 403 | missing scope", "v1 list | 401 | invalid credentials or missing `webhook:read`"; v0 lists 400 and 401 and gives no status for a missing scope; no code is named; the v1 subscribe and unsubscribe answers are not shown',
      answer: byOperation(
        new Map([
          [EPHEMERAL, { status: 403 }],
          [LIST, { status: 401 }],
          [V0_SUBSCRIBE, V0_SUBSCRIBE_ACCESS],
          [V0_UNSUBSCRIBE, V0_UNSUBSCRIBE_ACCESS],
        ]),
      ),
    },
  ],
  [
    'access-model',
    {
      requirement: (target) => (target.generation === 'v0' ? 'SUB-06' : 'AUTH-11'),
      spec: 'v0 subscribe and unsubscribe: "Access: organization only", with 400 and 401 listed and no status for a valid credential of the wrong access model; Authentication 9: personal tokens are "accepted only on endpoints in the personal-access allowlist. The allowlist itself: not shown"',
      answer: (target) => {
        if (target.id === V0_SUBSCRIBE) return V0_SUBSCRIBE_ACCESS;
        if (target.id === V0_UNSUBSCRIBE) return V0_UNSUBSCRIBE_ACCESS;
        return target.entry.operation['x-access'] ? ANY_REFUSAL : OPEN;
      },
    },
  ],
  [
    'missing-text',
    {
      requirement: 'EPH-02',
      spec: 'Errors: "postEphemeral | 400 | `missing_parameter` (no `text`)"',
      answer: () => ({ status: 400, codes: ['missing_parameter'] }),
    },
  ],
  [
    'not-a-uuid',
    {
      requirement: 'EPH-02',
      spec: 'Errors: "postEphemeral | 400 | `invalid_parameter` (`chatId`/`userId` not a UUID, ...)"',
      answer: () => ({ status: 400, codes: ['invalid_parameter'] }),
    },
  ],
  [
    'sender-name-too-long',
    {
      requirement: 'EPH-02',
      spec: 'Errors: "postEphemeral | 400 | `invalid_parameter` (... `sender.name` over 128 characters ...)"',
      answer: () => ({ status: 400, codes: ['invalid_parameter'] }),
    },
  ],
  [
    'sender-image-not-http',
    {
      requirement: 'EPH-02',
      spec: 'Errors: "postEphemeral | 400 | `invalid_parameter` (... `sender.imageUrl` not an absolute HTTP(S) URL)"',
      answer: () => ({ status: 400, codes: ['invalid_parameter'] }),
    },
  ],
  [
    'avatar-not-hosted',
    {
      requirement: 'VER-12',
      spec: `Sender: from ${gateVersion('avatar-gate')} \`imageUrl\` "must be a service-hosted avatar URL ...; other hosts give 400" (no code)`,
      answer: () => ({ status: 400 }),
    },
  ],
  [
    'sender-with-personal-token',
    {
      requirement: 'AUTH-11',
      spec: 'Errors: "postEphemeral | 400 | ... `access_mode_not_supported` (personal token sent `sender`)"',
      answer: () => ({ status: 400, codes: ['access_mode_not_supported'] }),
    },
  ],
  [
    'text-too-long',
    {
      requirement: 'EPH-03',
      spec: 'Errors: "postEphemeral | 413 | `msg_too_long`"; Limits: "Ephemeral `text` | 8,000 bytes"',
      answer: () => ({ status: 413, codes: ['msg_too_long'] }),
    },
  ],
  [
    'url-too-long',
    {
      requirement: 'SUB-03',
      spec: 'Delivery 7: "Destination URLs: max 1024 characters (static config and subscribe); longer gives 400 `invalid_parameter`"',
      answer: () => ({ status: 400, codes: ['invalid_parameter'] }),
    },
  ],
  [
    'destination-refused',
    {
      requirement: 'SUB-03',
      spec: 'v0 subscribe: `url` "HTTPS required outside local environments", refused as "400 bad request"; the v1 subscribe answers are not shown',
      answer: byOperation(new Map([[V0_SUBSCRIBE, { status: 400 }]])),
    },
  ],
  [
    'filter-rejected',
    {
      requirement: 'SUB-09',
      spec: 'v1 filter: "`{mention:false}` alone is rejected like an empty filter `{}`"; the v1 subscribe answers are not shown',
      answer: () => ANY_REFUSAL,
    },
  ],
  [
    'bad-parameter',
    {
      requirement: own,
      spec: 'v0 subscribe: "`400` bad request"; v0 unsubscribe: "`400`; ... `404` subscription not found" (an id that is no subscription\'s may be looked up); elsewhere no status is given for a bad field, and no code',
      answer: byOperation(
        new Map<string, Allowed>([
          [V0_SUBSCRIBE, { status: 400 }],
          [V0_UNSUBSCRIBE, { status: [400, 404] }],
        ]),
      ),
    },
  ],
]);

/** The requirement a broken `rule` is reported under, for `target`. */
export function requirementOf(rule: RuleId, target: GenerateTarget): string {
  const { requirement } = ANSWER_RULES.get(rule)!;
  return typeof requirement === 'string' ? requirement : requirement(target);
}

/** Whether `status` is one `allowed` gives: its status, one of its statuses, or any 4xx. */
export function statusMeets(allowed: Allowed, status: number): boolean {
  if (allowed.status === CLIENT_ERROR) return status >= 400 && status < 500;
  return typeof allowed.status === 'number'
    ? status === allowed.status
    : allowed.status.includes(status);
}

/** The answer in words: `400 invalid_parameter`, `400 or 404`, `a 4xx refusal`, `400 listing ...`. */
export function describeAllowed(allowed: Allowed): string {
  const statuses =
    allowed.status === CLIENT_ERROR
      ? 'a 4xx refusal'
      : typeof allowed.status === 'number'
        ? String(allowed.status)
        : allowed.status.join(' or ');
  const codes = allowed.codes ? ` ${allowed.codes.join(' or ')}` : '';
  return `${statuses}${codes}${allowed.listsVersions ? ' listing the supported versions' : ''}`;
}
