import { randomUUID } from 'node:crypto';
import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Fault } from '../fault-catalogue.ts';
import type { Exchange, FaultHooks } from '../fault-injection.ts';

type Body = Record<string, any>;

/** The JSON body the request was sent with, whether or not the front passed it. */
const sentBody = (exchange: Exchange): Body => {
  try {
    const value = JSON.parse(exchange.sent);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
};

/** An answer hook for one path, given the body the request was sent with. */
const on = (
  path: string,
  change: (answer: WrittenAnswer, sent: Body) => WrittenAnswer | undefined,
): FaultHooks => ({
  answer: (answer, exchange) =>
    exchange.path === path ? (change(answer, sentBody(exchange)) ?? answer) : answer,
});

const refusal = (answer: WrittenAnswer, status: number, body: Body): WrittenAnswer => ({
  status,
  headers: answer.headers,
  body,
});

/** Refuses an accepted postEphemeral whose sender.name `refused` says is too long. */
const nameRefused = (refused: (name: string) => boolean): FaultHooks =>
  on('/v1/chat.postEphemeral', (a, sent) =>
    a.status === 200 && typeof sent.sender?.name === 'string' && refused(sent.sender.name)
      ? refusal(a, 400, { error: 'invalid_parameter' })
      : undefined,
  );

/** Refuses an accepted postEphemeral whose text `refused` says is too long. */
const textRefused = (refused: (text: string) => boolean): FaultHooks =>
  on('/v1/chat.postEphemeral', (a, sent) =>
    a.status === 200 && typeof sent.text === 'string' && refused(sent.text)
      ? refusal(a, 413, { error: 'msg_too_long' })
      : undefined,
  );

/** Refuses an accepted subscribe whose url has exactly 1024 characters, as if the limit were 1023. */
const url1024Refused = (generation: 'v0' | 'v1', body: Body): FaultHooks =>
  on(`/${generation}/webhook.subscribe`, (a, sent) =>
    a.status === 200 && String(sent.url).length === 1024 ? refusal(a, 400, body) : undefined,
  );

const characters = (text: string) => [...text].length;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * Faults at the limits the specification sets on lengths (Limits: destination URL, `sender.name`, ephemeral
 * `text`), each off by one or counting the wrong unit; listed in FAULTS by fault-catalogue.ts.
 */
export const BOUNDARY_FAULTS: Fault[] = [
  {
    // SUB-03: v0 takes at most 1023 characters.
    id: 'v0-url-of-1024-refused',
    requirement: 'SUB-03',
    hooks: () => url1024Refused('v0', { code: 'invalid_parameter' }),
  },
  {
    // SUB-03: v1 takes at most 1023 characters.
    id: 'v1-url-of-1024-refused',
    requirement: 'SUB-03',
    hooks: () => url1024Refused('v1', { error: 'invalid_parameter' }),
  },
  {
    // SUB-03: v0 takes 1025 characters (`length > 1025`).
    id: 'v0-url-of-1025-accepted',
    requirement: 'SUB-03',
    hooks: () =>
      on('/v0/webhook.subscribe', (a, sent) =>
        a.status === 400 && String(sent.url).length === 1025
          ? refusal(a, 200, { id: randomUUID(), event: sent.event, url: sent.url, filter: null })
          : undefined,
      ),
  },
  {
    // EPH-02: sender.name takes at most 127 characters.
    id: 'sender-name-of-128-refused',
    requirement: 'EPH-02',
    hooks: () => nameRefused((name) => characters(name) >= 128),
  },
  {
    // EPH-02: sender.name counted in UTF-8 bytes, so 128 accented characters are too long.
    id: 'sender-name-counted-in-bytes',
    requirement: 'EPH-02',
    hooks: () => nameRefused((name) => bytes(name) > 128),
  },
  {
    // EPH-02: sender.name counted in UTF-16 code units (JavaScript's `length`): an emoji counts 2.
    id: 'sender-name-counted-in-utf16-units',
    requirement: 'EPH-02',
    hooks: () => nameRefused((name) => name.length > 128),
  },
  {
    // EPH-03: text takes at most 7,999 bytes.
    id: 'text-of-8000-bytes-refused',
    requirement: 'EPH-03',
    hooks: () => textRefused((text) => bytes(text) >= 8000),
  },
  {
    // EPH-03: text counted in UTF-16 bytes, so ASCII weighs double.
    id: 'text-counted-in-utf16-bytes',
    requirement: 'EPH-03',
    hooks: () => textRefused((text) => Buffer.byteLength(text, 'utf16le') > 8000),
  },
  {
    // EPH-03: text counted in characters, so 8,001 bytes of accented text pass.
    id: 'text-counted-in-characters',
    requirement: 'EPH-03',
    hooks: () =>
      on('/v1/chat.postEphemeral', (a, sent) =>
        a.status === 413 && typeof sent.text === 'string' && characters(sent.text) <= 8000
          ? refusal(a, 200, { ok: true, chatId: sent.chatId, timestamp: Date.now() * 1000 })
          : undefined,
      ),
  },
];
