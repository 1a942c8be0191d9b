import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { agentFor } from './agents.js';

/** How far one attempt got before it failed: what decides whether it may be sent again. */
export interface AttemptProgress {
  /** It went out on a kept-alive connection an earlier request had used (`reusedSocket`). */
  reused: boolean;
  /** The whole request had been handed to the connection. */
  sent: boolean;
  /** Some byte of the answer had arrived. */
  answered: boolean;
}

/** Why one attempt failed, and how far it got. */
export class AttemptFailure extends Error {
  constructor(
    readonly progress: AttemptProgress,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

export interface AttemptInput {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** A connection of its own, not one from the pool: a re-sent request must not meet another stale one. */
  fresh: boolean;
  signal?: AbortSignal;
}

/**
 * Sends a request once and resolves with its answer as soon as its head has arrived (the body is
 * the caller's to read); rejects with an AttemptFailure saying how far it got. No redirect is
 * followed: a 3xx is an answer like any other.
 */
export function attempt({ url, method, headers, body, fresh, signal }: AttemptInput) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const progress: AttemptProgress = { reused: false, sent: false, answered: false };
    const fail = (error: unknown) => reject(new AttemptFailure(progress, error));
    let request: ClientRequest;
    try {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      request = send(url, { method, headers, agent: fresh ? false : agentFor(url) });
    } catch (error) {
      // A header value Node refuses to send (ERR_INVALID_CHAR): the request never left.
      fail(error);
      return;
    }
    if (signal?.aborted) return fail(signal.reason);
    const abort = () => request.destroy(signal!.reason);
    signal?.addEventListener('abort', abort, { once: true });
    request.once('close', () => signal?.removeEventListener('abort', abort));
    request.once('socket', (socket: Socket) => {
      progress.reused = request.reusedSocket;
      watchAnswerBytes(socket, request, progress);
    });
    request.once('finish', () => (progress.sent = true));
    request.on('error', fail);
    request.once('response', (answer) => {
      progress.answered = true;
      resolve(answer);
    });
    request.end(body);
  });
}

/** Notes the first byte of the answer on `socket`, until this request's answer has begun. */
function watchAnswerBytes(socket: Socket, request: ClientRequest, progress: AttemptProgress) {
  const onData = () => (progress.answered = true);
  const stop = () => socket.off('data', onData);
  socket.on('data', onData);
  request.once('response', stop);
  request.once('close', stop);
}
