import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.ts';

export const BIN = join(PROJECT_ROOT, 'bin', 'service-contract.js');

export interface Finished {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node <args>` from the project root to its end: exit code and what it printed. */
export function runNode(args: string[]): Promise<Finished> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: PROJECT_ROOT, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs the CLI (`service-contract <args>`) to its end. */
export const runCli = (...args: string[]) => runNode([BIN, ...args]);

/** Everything a finished process printed: the message of an expectation on its exit code. */
export const said = ({ stdout, stderr }: Finished) => `${stdout}${stderr}`;

/**
 * Starts `node <args>` and resolves once its standard output matches `until`, with everything it
 * printed so far (spawnListening keeps only the URLs). The caller stops it; one that never prints
 * the line is stopped here after `timeoutMs`, so a failing test leaves no server behind.
 */
export function startNode(
  args: string[],
  until: RegExp,
  timeoutMs = 90_000,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; stdout: string }> {
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(
        new Error(
          `${args.join(' ')} did not print ${until} in ${timeoutMs} ms: ${stdout}${stderr}`,
        ),
      );
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (!until.test(stdout)) return;
      clearTimeout(timer);
      resolve({ child, stdout });
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited ${code}: ${stdout}${stderr}`));
    });
  });
}

/** Stops a started process and waits until it is gone. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
}
