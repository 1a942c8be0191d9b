import { readFileSync, statSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import {
  type Callback,
  callbackUrlProblem,
  parseListen,
} from '../conformance/callback/callback.js';
import { probePort } from '../http/listen.js';
import { UsageError } from './exit-codes.js';

export interface CallbackOptions {
  callbackListen?: string;
  callbackUrl?: string;
  callbackCert?: string;
  callbackKey?: string;
}

/** The largest PEM file read for the receiver's TLS: a certificate chain is a few kilobytes. */
const MAX_PEM_BYTES = 256 * 1024;

/**
 * `--callback-listen`, `--callback-url`, `--callback-cert` and `--callback-key`, checked: where the
 * delivery receiver binds, the URL the implementation delivers to, and the receiver's TLS (both
 * files or neither). Undefined when none is given: the receiver stays on loopback.
 */
export function callbackOf(options: CallbackOptions): Callback | undefined {
  const { callbackListen, callbackUrl, callbackCert, callbackKey } = options;
  if (!callbackGiven(options)) return undefined;
  const callback: Callback = {};
  if (callbackListen !== undefined) {
    const listen = parseListen(callbackListen);
    if ('problem' in listen) throw new UsageError(listen.problem);
    Object.assign(callback, listen);
  }
  if (callbackUrl !== undefined) {
    const problem = callbackUrlProblem(callbackUrl);
    if (problem) throw new UsageError(problem);
    callback.url = callbackUrl;
  }
  if ((callbackCert === undefined) !== (callbackKey === undefined))
    throw new UsageError('--callback-cert and --callback-key go together: give both or neither');
  if (callbackCert !== undefined && callbackKey !== undefined)
    callback.tls = tlsOf(callbackCert, callbackKey);
  return callback;
}

/** Whether any `--callback-*` option was given, read from the options alone (no file). */
export function callbackGiven(options: CallbackOptions): boolean {
  const { callbackListen, callbackUrl, callbackCert, callbackKey } = options;
  return [callbackListen, callbackUrl, callbackCert, callbackKey].some((o) => o !== undefined);
}

function tlsOf(certFile: string, keyFile: string): { cert: Buffer; key: Buffer } {
  const cert = readPem('--callback-cert', certFile);
  const key = readPem('--callback-key', keyFile);
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    // The message names what OpenSSL refused (a key that is not the certificate's), never the key.
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UsageError(
      `--callback-cert and --callback-key are not a PEM certificate and its private key (${code})`,
    );
  }
  return { cert, key };
}

function readPem(option: string, file: string): Buffer {
  try {
    if (statSync(file).size > MAX_PEM_BYTES)
      throw new UsageError(`${option}: ${file} is over ${MAX_PEM_BYTES / 1024} KiB`);
    return readFileSync(file);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `${option}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/**
 * Binds `--callback-listen` once before the run, so a busy port or an address not of this host is
 * one line at the start rather than a failure of every delivery check.
 */
export async function probeCallback(callback: Callback | undefined): Promise<void> {
  if (!callback?.port && callback?.host === undefined) return;
  const host = callback.host ?? '127.0.0.1';
  await probePort(callback.port ?? 0, host).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(
      `--callback-listen ${host}:${callback.port ?? 0}: cannot listen there (${error.code ?? error.message})`,
    );
  });
}
