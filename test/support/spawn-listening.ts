import { type ChildProcess, spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../../src/project-root.ts';

/**
 * Starts a command of this project as its own process and resolves once it prints each of the
 * named URLs (`<name>: http://...` or `listening on http://...`). The caller stops it.
 */
export function spawnListening(
  args: string[],
  names: string[] = ['listening on'],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; urls: Record<string, string> }> {
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const urls: Record<string, string> = {};
      for (const name of names) {
        const match = new RegExp(`${name}:? (http://[^\\s/,]+(?::\\d+)?)`).exec(output);
        if (match) urls[name] = match[1]!;
      }
      if (Object.keys(urls).length === names.length) resolve({ child, urls });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${output}`)));
  });
}
