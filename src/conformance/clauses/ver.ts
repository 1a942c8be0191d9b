import { gateVersion, loadVersionRegistry } from '../../versions.js';
import type { Clause } from './clause.js';
import { VER_BEHAVIOUR_CLAUSES } from './ver-behaviour.js';

/**
 * Dates are quoted from the registry, in the specification's sentences and in the ids of faults
 * named after the version that brought a gate: no string of src/ names a dated version.
 */
const { baseline } = loadVersionRegistry();
const ENVELOPE = gateVersion('envelope');

/** The clauses of the versioning rules (VER) a running implementation or receiver shows. */
export const VER_CLAUSES: readonly Clause[] = [
  {
    id: 'VER-02.header-first',
    text: 'Resolution order for REST: request header `Service-Version`',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-02-version-resolution'],
    faults: ['pin-over-the-header'],
  },
  {
    id: 'VER-02.pinned-default',
    text: "else the integration's pinned default",
    versions: 'all',
    basis: 'stated',
    checks: ['ver-02-version-resolution'],
    faults: ['pin-ignored'],
  },
  {
    id: 'VER-02.baseline-default',
    text: `else \`${baseline}\``,
    versions: 'all',
    basis: 'stated',
    checks: ['ver-02-version-resolution'],
    faults: ['unpinned-at-the-latest'],
  },
  {
    id: 'VER-02.pinned-at-creation',
    text: 'is pinned once at creation to the latest version then; the pin never advances by itself',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'no-operation',
      reason:
        'credentials are created in the product UI, outside the contract: the suite reads their pins from the profile',
    },
  },
  {
    id: 'VER-03.on-success',
    text: 'Every API response carries a `Service-Version` header naming the version used.',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-03-version-header'],
    faults: ['version-header-always-the-latest'],
  },
  {
    id: 'VER-03.on-errors',
    text: 'Every API response carries a `Service-Version` header',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-03-version-header'],
    faults: ['no-version-on-errors'],
  },
  {
    id: 'VER-04.unsupported-refused',
    text: 'An unsupported requested version gives 400',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-04-unsupported-version'],
    faults: ['unsupported-version-served'],
  },
  {
    id: 'VER-04.lists-supported',
    text: 'body lists supported versions',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-04-unsupported-version'],
    faults: ['unsupported-version-without-list', 'supported-list-without-the-baseline'],
  },
  {
    id: 'VER-04.every-versioned-call',
    text: 'any versioned REST call',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-04-unsupported-version'],
    faults: ['unsupported-version-taken-by-post'],
  },
  {
    id: 'VER-05.sunset-410',
    text: 'after sunset, requests pinned to it return 410',
    versions: 'all',
    basis: 'stated',
    // Sent only where the profile declares a sunset version (`lifecycle.sunset`).
    checks: ['ver-05-lifecycle'],
    faults: ['sunset-version-served'],
  },
  {
    id: 'VER-05.deprecation-headers',
    text: 'as a version nears end of life, REST responses include `Deprecation` and `Sunset` headers',
    versions: 'all',
    basis: 'stated',
    // Sent only where the profile declares a deprecated version (`lifecycle.deprecated`).
    checks: ['ver-05-lifecycle'],
    faults: ['deprecated-without-headers'],
  },
  {
    id: 'VER-05.none-while-supported',
    text: 'as a version nears end of life',
    versions: 'all',
    basis: 'stated',
    checks: ['ver-05-lifecycle'],
    faults: ['deprecation-on-supported-version'],
  },
  {
    id: 'VER-05.sunset-date',
    text: '`Sunset` headers with the shutdown date',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-compared',
      reason:
        'ver-05-lifecycle checks that Sunset is there, not the date it names (the profile declares no shutdown date)',
    },
  },
  {
    id: 'VER-05.in-use-not-retired',
    text: 'versions in use are not retired',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'unobservable',
      reason: 'which versions are in use is known to the implementation alone',
    },
  },
  {
    id: 'VER-07.unknown-fields-ignored',
    text: 'clients ignore unknown fields and values',
    versions: 'all',
    basis: 'stated',
    receiverChecks: ['dlv-12-unknown-fields'],
    receiverFaults: ['rejects unknown fields'],
  },
  {
    id: 'VER-07.unknown-values-ignored',
    text: 'Additive changes (new fields, endpoints, event types, optional parameters, enum values) occur on all versions without a new date; clients ignore unknown fields and values.',
    versions: 'all',
    basis: 'stated',
    unjudged: {
      kind: 'not-sent',
      reason:
        'the receiver suite adds unknown fields to payloads, never an unknown value of an enum or an unknown event type',
    },
  },
  {
    id: 'VER-08.bare-before-envelope',
    text: 'Before that (baseline) payloads are bare.',
    versions: { before: 'envelope' },
    basis: 'stated',
    checks: ['ver-08-payload-shape'],
    faults: ['enveloped-before-the-envelope'],
  },
  {
    id: 'VER-08.enveloped',
    text: `From version ${ENVELOPE}, payloads use an envelope with \`type\`, \`eventId\`, \`timestamp\`, \`apiVersion\`, and \`data\` (business fields inside \`data\``,
    versions: { from: 'envelope' },
    basis: 'stated',
    // dlv-12-every-event holds the events only it makes happen (On-Air, token.revoked) to it.
    checks: ['ver-08-payload-shape', 'dlv-12-every-event'],
    faults: ['v1-on-air-without-envelope'],
  },
  {
    id: 'VER-08.type-names-the-event',
    text: 'route on `type`',
    versions: { from: 'envelope' },
    basis: 'stated',
    // Every hook holds its deliveries' `type` to the event it subscribed when it closes; these
    // two declare VER-08 and are delivered meeting.ended.
    checks: ['ver-08-payload-shape', 'dlv-04-webhook-id'],
    faults: ['envelope-names-another-event'],
  },
  {
    id: 'VER-08.api-version',
    text: `from \`${ENVELOPE}\`, the envelope field \`apiVersion\``,
    versions: { from: 'envelope' },
    basis: 'stated',
    checks: ['ver-08-payload-shape'],
    faults: ['api-version-of-the-app'],
  },
  {
    id: 'VER-08.event-id-per-retry',
    text: 'every attempt of a delivery carries the same one',
    versions: { from: 'envelope' },
    basis: 'VER-08.event-id',
    checks: ['dlv-04-webhook-id'],
    faults: ['event-id-per-attempt', 'new-event-id-on-retry'],
  },
  {
    id: 'VER-08.event-id-per-event',
    text: 'two events never share one',
    versions: { from: 'envelope' },
    basis: 'VER-08.event-id',
    checks: ['dlv-04-webhook-id'],
    faults: ['one-event-id-for-every-event'],
  },
  ...VER_BEHAVIOUR_CLAUSES,
];
