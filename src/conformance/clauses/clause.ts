import type { VersionGateId } from '../../../generated/types/index.js';

/**
 * Where a clause holds: every version its operation or event exists at (`all`: the dated versions
 * of a /v1 rule, v0 too where the rule is shared, the unversioned auth endpoints); `v0` alone (a
 * rule of the legacy generation); or one side of a gate of openapi/versions.yaml, as `since()` in
 * src/versions.ts asks it (`from` the version that introduced the gate on, or `before` it).
 */
export type ClauseVersions = 'all' | 'v0' | { from: VersionGateId } | { before: VersionGateId };

/**
 * Why no check judges a clause, by kind, so the gaps can be counted:
 * - `not-sent`: no check sends the request, event or credential that would show it;
 * - `not-compared`: a check sends it, but does not compare that part of what comes back;
 * - `elsewhere`: only a check of another requirement sends it (the reason names the check);
 * - `no-operation`: the contract shows no operation to observe it with (chat history, chat post,
 *   asset creation, static configuration, the creation of credentials);
 * - `unobservable`: it cannot be seen from outside the implementation (state kept in memory,
 *   mobile clients, a lifetime of a year);
 * - `permission`: it allows rather than requires, so nothing an implementation does breaks it.
 */
export type GapKind =
  'not-sent' | 'not-compared' | 'elsewhere' | 'no-operation' | 'unobservable' | 'permission';

/**
 * One clause of a requirement of docs/REQUIREMENTS.md: a single thing a running implementation (or
 * a webhook receiver) can show, and what judges it. A requirement row is a paragraph, and a check
 * that exercises one clause of it marks the whole row covered; the clauses make the rest a list.
 */
export interface Clause {
  /** `<requirement>.<slug>`: the requirement ID, then what the clause says in a few words. */
  id: string;
  /**
   * The sentence of the specification it rests on, quoted short (` … ` between two quoted parts);
   * for a clause resting on a reading the specification is silent on, the reading's text in
   * docs/REQUIREMENTS.md.
   */
  text: string;
  versions: ClauseVersions;
  /** `stated`, or the id of the reading of docs/REQUIREMENTS.md ("Readings") it rests on. */
  basis: string;
  /** The conformance checks (checks/index.ts) that exercise it; each declares the requirement. */
  checks?: readonly string[];
  /** The receiver-suite checks (receiver-suite/checks/index.ts) that exercise it, for recv rules. */
  receiverChecks?: readonly string[];
  /**
   * For the payload shape of one event (`event`): the checks whose hooks are delivered it, and so
   * hold each delivery to its version's schema when they close (deliveries.ts, DLV-12, VER-08),
   * whatever requirement they declare.
   */
  deliveredBy?: readonly string[];
  /** The event whose payload shape the clause is, where it is one. */
  event?: { generation: 'v0' | 'v1'; name: string };
  /**
   * The faults of test/conformance/fault-catalogue.ts that break it, each naming the requirement;
   * the suite's own tests prove the checks catch them.
   */
  faults?: readonly string[];
  /**
   * The faulty receivers of test/conformance/receiver-suite/receivers.ts that break it, by name:
   * each fails one of `receiverChecks` (the receiver suite's own tests prove it).
   */
  receiverFaults?: readonly string[];
  /** Why nothing judges it, where nothing does. */
  unjudged?: { kind: GapKind; reason: string };
}
