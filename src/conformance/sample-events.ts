import { randomUUID } from 'node:crypto';

/**
 * Payloads the suite asks an implementation to emit: small, valid in every version, each carrying
 * `marker` where a check can find it again.
 */
export const SAMPLE_EVENTS = {
  /** v1 `meeting.ended`: the event most delivery checks use. */
  meetingEnded: (marker: string) => ({ id: marker }),
  /** v1 `chat.message` in a group, with group, broadcast and person mentions (VER-10). */
  chatMessage: (marker: string, group: string, person: string) => ({
    chatType: 'group',
    text: `${marker} <@G-${group}> and <@all> and <@${person}>`,
  }),
  /** v0 `chat:message:dm`: a text message to the app, its key in Unix microseconds (TYPE-03). */
  directMessage: (marker: string) => ({
    type: 'message',
    contentType: 'text',
    sender: 'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10',
    chat: 'D-5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11',
    timestamp: Date.now() * 1000 + 123,
    text: marker,
  }),
  /** v0 `transcript:started`. */
  transcriptStarted: () => ({
    id: randomUUID(),
    meetingId: randomUUID(),
    start: '2026-08-01T09:30:00Z',
    location: 'Weekly sync',
    hostEmail: 'ada@example.com',
  }),
  /** v0 `chat:message:reaction` on `messageId` with these reaction codes (SUB-10, DLV-11). */
  reaction: (messageId: string, codes: string[]) => ({
    type: 'reaction',
    chat: 'C-5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11',
    recipient: 'B-9c4d2e7a-6b1f-4a38-8e05-2f7c1b9d0a33',
    messageId,
    messageTimestamp: 1785312000123456,
    messageSender: 'U-7a2b9c1d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    chatType: 'channel',
    reactions: codes.map((code) => ({
      code,
      emojiText: '*',
      reactors: ['U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10'],
    })),
  }),
};
