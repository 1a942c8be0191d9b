import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/project-root.ts';

export interface CommandResult {
  code: number;
  output: string;
}

/** Runs a binary of node_modules/.bin from the project root and collects what it prints. */
export function runBin(bin: string, args: string[]): Promise<CommandResult> {
  return run(join(PROJECT_ROOT, 'node_modules', '.bin', bin), args);
}

/**
 * Runs a script of an installed package with this node (`typescript-7/bin/tsc`): for a package
 * whose binary's name another package's takes in node_modules/.bin.
 */
export function runPackageScript(path: string, args: string[]): Promise<CommandResult> {
  return run(process.execPath, [join(PROJECT_ROOT, 'node_modules', path), ...args]);
}

function run(file: string, args: string[]): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: PROJECT_ROOT,
      // Redocly prints a boxed Node 20 end-of-life banner on every call; it says nothing about the
      // documents.
      env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
