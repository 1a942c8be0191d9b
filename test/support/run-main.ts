import { vi } from 'vitest';
import { main } from '../../src/cli/main.ts';

/** Runs the CLI in-process and returns its exit code and what it printed, stdout and stderr as one. */
export async function runMain(...argv: string[]): Promise<{ code: number; output: string }> {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a) => void out.push(a.join(' ')));
  try {
    return { code: await main(argv), output: out.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
