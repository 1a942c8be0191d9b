/** People and chats of the seeded workspace, for the ephemeral-message rules (EPH-01..06). */
export interface Chat {
  id: string;
  kind: 'dm' | 'mpdm' | 'channel';
  members: string[];
  /** Channels are backed by a group; an archived one refuses messages (`is_archived`). */
  archived?: boolean;
  /** A public channel of another workspace: indistinguishable from a missing group. */
  foreign?: boolean;
}

export const USERS = {
  ada: '0b6c3c7e-1d0a-4d4e-9c11-0f0e1a2b3c4d',
  grace: '1c7d4d8f-2e1b-4e5f-8d22-1f1f2b3c4d5e',
  /** The app's organization bot. */
  bot: '2d8e5e90-3f2c-4f60-9e33-2f2f3c4d5e6f',
} as const;

const { ada, grace, bot } = USERS;

export const CHATS = {
  dm: { id: '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11', kind: 'dm', members: [ada, bot] },
  mpdm: { id: '6c1f7b63-1d54-4a8f-8b68-2eaf4d3c8f22', kind: 'mpdm', members: [ada, grace, bot] },
  channel: {
    id: '7d2a8c74-2e65-4b9a-9c79-3fb05e4d9a33',
    kind: 'channel',
    members: [ada, grace, bot],
  },
  archivedChannel: {
    id: '8e3b9d85-3f76-4cab-8d8a-40c16f5eab44',
    kind: 'channel',
    members: [ada, bot],
    archived: true,
  },
  channelWithoutApp: {
    id: '9f4cae96-4087-4dbc-9e9b-51d27a6fbc55',
    kind: 'channel',
    members: [ada, grace],
  },
  dmWithoutApp: { id: 'a05dbfa7-5198-4ecd-8fac-62e38b7acd66', kind: 'dm', members: [ada, grace] },
  foreignChannel: {
    id: 'b16ec0b8-62a9-4fde-90bd-73f49c8bde77',
    kind: 'channel',
    members: [bot],
    foreign: true,
  },
} satisfies Record<string, Chat>;

export function findChat(id: string): Chat | undefined {
  return (Object.values(CHATS) as Chat[]).find((chat) => chat.id === id);
}

export function isUser(id: string): boolean {
  return (Object.values(USERS) as string[]).includes(id);
}
