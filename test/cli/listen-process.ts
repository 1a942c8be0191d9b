import { type ChildProcess, spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { BIN } from './cli-process.ts';

/** A running `service-contract listen`: its URL and what it printed so far. */
export interface Listening {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once standard output holds `count` NDJSON lines, with them parsed. */
  records: (count: number) => Promise<Array<Record<string, unknown>>>;
}

/**
 * Starts `listen` with `args` and `env` added to this process's environment, and resolves once it
 * printed its URL (on standard error with --json, on standard output otherwise). A process that
 * never does is stopped after 30 s, so a failing test leaves nothing behind.
 */
export function startListen(args: string[], env: Record<string, string> = {}): Promise<Listening> {
  const child = spawn(process.execPath, [BIN, 'listen', '--port', '0', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((waiter) => waiter());
  child.stdout!.on('data', (chunk: Buffer) => ((out += chunk), wake()));
  child.stderr!.on('data', (chunk: Buffer) => ((err += chunk), wake()));
  const records = (count: number) =>
    new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`fewer than ${count} records: ${out}${err}`)),
        30_000,
      );
      const check = () => {
        const lines = out.split('\n').filter(Boolean);
        if (lines.length < count) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(lines.map((line) => JSON.parse(line) as Record<string, unknown>));
      };
      waiters.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`listen did not start: ${out}${err}`));
    }, 30_000);
    const started = () => {
      const url = /listening on (http:\/\/\S+)/.exec(out + err)?.[1];
      if (!url) return;
      clearTimeout(timer);
      waiters.delete(started);
      resolve({ child, url, stdout: () => out, stderr: () => err, records });
    };
    waiters.add(started);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`listen exited ${code}: ${out}${err}`));
    });
  });
}
