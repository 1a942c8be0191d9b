import type { MentionGrammar } from './mention-grammar.js';

/**
 * One valid payload per event, as the service would send it: the receiver suite signs and sends
 * these (DLV-12). Taken from the schema examples; a test holds every one valid at every version
 * and the lists complete, so a new event or a changed shape cannot go unnoticed.
 */
const CHAT_MESSAGE = {
  type: 'message',
  contentType: 'text',
  sender: 'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10',
  chat: 'C-5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11',
  timestamp: 1785312000123456,
  text: 'Hello **team**',
};
const ONAIR_EVENT = {
  id: 'ev_42',
  title: 'Launch day',
  description: 'Live demo',
  slug: 'launch-day',
  start: '2026-09-01T16:00:00Z',
  end: '2026-09-01T17:00:00Z',
  timeZone: 'Europe/Berlin',
  eventPageUrl: 'https://onair.example.com/launch-day',
  enableSEO: true,
  autoAdmit: false,
  disableRSVP: false,
  hosts: [{ id: 'h1', displayName: 'Ada' }],
};
const ONAIR_GUEST = {
  id: 'g_7',
  eventId: 'ev_42',
  email: 'grace@example.com',
  name: 'Grace',
  status: 'going',
  created: '2026-08-01T09:30:00Z',
  updated: '2026-08-02T08:00:00Z',
};

/** The whole payload of each v0 event (v0 payloads are bare and do not name their event). */
export const V0_PAYLOADS: Readonly<Record<string, Record<string, unknown>>> = {
  'chat:message:dm': CHAT_MESSAGE,
  'chat:message:channel': CHAT_MESSAGE,
  'chat:message:mention': CHAT_MESSAGE,
  'chat:message:reaction': {
    type: 'reaction',
    chat: 'C-5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11',
    recipient: 'B-9c4d2e7a-6b1f-4a38-8e05-2f7c1b9d0a33',
    messageId: 'm_81f2',
    messageTimestamp: 1785312000123456,
    messageSender: 'U-7a2b9c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    chatType: 'channel',
    reactions: [
      {
        code: ':thumbs_up:',
        emojiText: '👍',
        reactors: [
          'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10',
          'U-7a2b9c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        ],
      },
      { code: ':heart:', emojiText: '❤️', reactors: ['U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10'] },
    ],
  },
  'recording:saved': { id: '3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10' },
  'transcript:started': {
    id: '3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10',
    meetingId: '8e2d4c6a-1b3f-4d5e-9a7c-0b2d4f6a8c1e',
    start: '2026-08-01T09:30:00Z',
    location: 'Weekly sync',
    hostEmail: 'ada@example.com',
  },
  'transcript:saved': { id: '3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10' },
  'lobby:booked': {
    booking: {
      responses: [
        { question: 'Company', answer: 'Acme' },
        { question: 'utm_source', answer: 'newsletter', hidden: true },
      ],
    },
  },
  'user:status:update': {
    id: 'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10',
    name: 'Ada Lovelace',
    imageUrl: 'https://img.example.com/ada.png',
    email: 'ada@example.com',
    isAdmin: false,
    status: 'checkedOut',
    willReturn: { returnTime: '2026-08-10T09:00:00+02:00', reason: 'Vacation', outOfRoam: true },
  },
  'onair.event.created': { type: 'onair.event.created', event: ONAIR_EVENT },
  'onair.event.updated': { type: 'onair.event.updated', event: ONAIR_EVENT },
  'onair.event.canceled': { type: 'onair.event.canceled', event: ONAIR_EVENT },
  'onair.guest.rsvp': { type: 'onair.guest.rsvp', event: ONAIR_EVENT, guest: ONAIR_GUEST },
  'onair.guest.added': { type: 'onair.guest.added', event: ONAIR_EVENT, guests: [ONAIR_GUEST] },
  'magicast.created': { id: '3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10' },
};

/**
 * The text of a message that mentions a group and everyone, in each mention grammar (VER-10), as
 * the chat.message examples write it: a sample's text follows the grammar its version's document
 * records, since a later version never delivers the earlier grammar, nor an earlier one the later.
 */
export const MENTION_TEXT: Readonly<Record<MentionGrammar, string>> = {
  legacy: 'Heads up <@G-5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11> and <@all>',
  subteam: 'Heads up <!subteam^5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11> and <!channel>',
};

/**
 * What each v1 event's payload holds: the whole bare payload before {@link ENVELOPE_SINCE}, the
 * envelope's `data` from then on (VER-08). Most shapes are not shown in the specification and are open. Text
 * with mentions is in the legacy grammar here; `payloadOf` renders it in the version's.
 */
export const V1_DATA: Readonly<Record<string, Record<string, unknown>>> = {
  'chat.message': { chatType: 'group', text: MENTION_TEXT.legacy },
  'chat.reaction': { id: 'x_1' },
  'meeting.ended': { id: 'x_1' },
  'token.revoked': { id: 'x_1' },
  'app.uninstalled': { id: 'x_1' },
  'onair.event.created': { id: 'x_1' },
  'onair.event.updated': { id: 'x_1' },
  'onair.event.canceled': { id: 'x_1' },
  'onair.guest.rsvp': { id: 'x_1' },
  'onair.guest.added': { id: 'x_1' },
};
