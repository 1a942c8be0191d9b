import { randomUUID } from 'node:crypto';
import type { Fault } from '../fault-catalogue.ts';
import { beforeGate, fromGate } from '../fault-versions.ts';
import type { FaultHooks, OutgoingAttempt } from '../fault-injection.ts';
import { resigned } from './resigned.ts';

/**
 * Rewrites every payload `change` applies to and signs it again, so the delivery departs from its
 * payload contract only, not from DLV-03 as well.
 */
const payloads = (change: (payload: any) => boolean): FaultHooks => ({
  attempt: (a: OutgoingAttempt) => {
    const payload = JSON.parse(a.body);
    return change(payload) ? resigned(a, { body: JSON.stringify(payload) }) : a;
  },
});

/** Faults of this family of rules; listed in FAULTS by fault-catalogue.ts. */
export const DELIVERY_PAYLOAD_FAULTS: Fault[] = [
  {
    // A v1 message's chatType is `dm` or `group`; the check of DLV-12 used to read v0 only.
    id: 'v1-chat-type-outside-the-enum',
    requirement: 'DLV-12',
    hooks: () =>
      payloads((p) => {
        if (p.type !== 'chat.message') return false;
        p.data.chatType = 'thread';
        return true;
      }),
  },
  {
    // Otherwise valid: token.revoked accepts meeting.ended's data, so only `type` is wrong.
    id: 'envelope-names-another-event',
    requirement: 'VER-08',
    versions: fromGate('envelope'),
    hooks: () =>
      payloads((p) => {
        if (p.type !== 'meeting.ended') return false;
        p.type = 'token.revoked';
        return true;
      }),
  },
  {
    // VER-10: the current grammar at a version before it, where groups are `<@uuid>`.
    id: 'subteam-grammar-before-2026-08-07',
    requirement: 'VER-10',
    versions: beforeGate('mention-render'),
    hooks: () =>
      payloads((p) => {
        // Enveloped from the envelope's version on, bare before it.
        const message = p.type === 'chat.message' ? p.data : p.chatType ? p : undefined;
        if (typeof message?.text !== 'string') return false;
        message.text = message.text
          .replace(/<@G-/g, '<!subteam^')
          .replaceAll('<@all>', '<!channel>');
        return true;
      }),
  },
  {
    // VER-08.event-id (the reference opts in): a new eventId on every attempt of one delivery.
    id: 'event-id-per-attempt',
    requirement: 'VER-08',
    versions: fromGate('envelope'),
    hooks: () =>
      payloads((p) => {
        if (p.type !== 'meeting.ended') return false;
        p.eventId = `evt_${randomUUID()}`;
        return true;
      }),
  },
  {
    id: 'v0-transcript-without-meeting-id',
    requirement: 'DLV-12',
    hooks: () =>
      payloads((p) => {
        if (p.type !== undefined || !('meetingId' in p)) return false;
        delete p.meetingId;
        return true;
      }),
  },
  {
    // Only dlv-12-every-event makes onair.guest.added happen: the guests added are left out.
    id: 'v0-guests-added-without-guests',
    requirement: 'DLV-12',
    hooks: () =>
      payloads((p) => {
        if (p.type !== 'onair.guest.added' || !('guests' in p)) return false;
        delete p.guests;
        return true;
      }),
  },
  {
    // Only dlv-12-every-event makes a v1 On-Air event happen: sent bare where the envelope holds.
    id: 'v1-on-air-without-envelope',
    requirement: 'VER-08',
    versions: fromGate('envelope'),
    hooks: () =>
      payloads((p) => {
        if (!String(p.type).startsWith('onair.') || typeof p.data !== 'object') return false;
        const { data } = p;
        for (const key of Object.keys(p)) delete p[key];
        Object.assign(p, data);
        return true;
      }),
  },
];
