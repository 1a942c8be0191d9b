import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMANDS } from '../../../src/cli/commands/index.ts';
import { parseReportOption } from '../../../src/conformance/report/write-reports.ts';
import { parseShard } from '../../../src/conformance/shard/shard.ts';
import { PROJECT_ROOT } from '../../../src/project-root.ts';
import { listVersions } from '../../../src/versions.ts';

const WORKFLOW = join(PROJECT_ROOT, 'docs', 'ci', 'github-actions-conformance.yml');

interface Step {
  run?: string;
}
interface Job {
  strategy?: { matrix?: { version?: string[]; shard?: number[] } };
  steps: Step[];
}

const workflow = async () =>
  parse(await readFile(WORKFLOW, 'utf8')) as { jobs: Record<string, Job> };

/** Every `npx service-contract ...` command line of the workflow's steps, with its job. */
async function commandLines(): Promise<Array<{ job: Job; line: string }>> {
  const { jobs } = await workflow();
  return Object.values(jobs).flatMap((job) =>
    job.steps.flatMap((step) =>
      (step.run ?? '')
        .split('\n')
        .flatMap((line) => line.split(/&&|;|&(?!&)/))
        .map((line) => line.trim())
        .filter((line) => line.startsWith('npx service-contract '))
        .map((line) => ({ job, line: line.slice('npx service-contract '.length) })),
    ),
  );
}

/** The words of a line once a job of the matrix filled in `${{ matrix.x }}` (others: 1). */
function filled(line: string, matrix: Record<string, string>): string[] {
  return line
    .replaceAll(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) =>
      name.startsWith('matrix.') ? matrix[name.slice(7)]! : '1',
    )
    .split(/\s+/);
}

/** Parses `argv` with the real command's options, its action left out: throws on what it rejects. */
async function parses(argv: string[]): Promise<void> {
  const entry = COMMANDS.find((c) => c.name === argv[0]);
  if (!entry) throw new Error(`no command ${argv[0]}`);
  const program = new Command('service-contract').exitOverride();
  const command = program.command(entry.name);
  (await entry.load()).register(command, () => {});
  const quiet = (c: Command) => {
    c.exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
    c.action(() => {});
    c.commands.forEach(quiet);
  };
  quiet(command);
  await program.parseAsync(argv, { from: 'user' });
}

const optionValues = (words: string[], name: string) =>
  words.flatMap((word, i) => (word === name ? [words[i + 1]!] : []));

describe('docs/ci/github-actions-conformance.yml', () => {
  it('runs the conformance suite and merges it, each command line one the CLI takes', async () => {
    const lines = await commandLines();
    expect(lines.map(({ line }) => line.split(' ')[0])).toEqual(['serve', 'conformance', 'report']);
    for (const { job, line } of lines) {
      const { version = ['x'], shard = [1] } = job.strategy?.matrix ?? {};
      for (const v of version)
        for (const k of shard) {
          const argv = filled(line, { version: v, shard: String(k) });
          await expect(parses(argv).catch((e: CommanderError) => e.message)).resolves.toBe(
            undefined,
          );
          for (const value of optionValues(argv, '--shard'))
            expect(parseShard(value)).toEqual({ k, n: shard.length });
          for (const value of optionValues(argv, '--report')) {
            const kind = value.split(':')[0]!;
            expect(parseReportOption(value)).toEqual({ kind, file: expect.any(String) });
          }
        }
    }
  });

  it("runs every version of the registry, in as many shards as --shard's n", async () => {
    const { jobs } = await workflow();
    const { matrix } = jobs.conformance!.strategy!;
    expect(matrix!.version).toEqual(listVersions());
    const { line } = (await commandLines()).find(({ line }) => line.startsWith('conformance '))!;
    const n = Number(/--shard \$\{\{ matrix\.shard \}\}\/(\d+)/.exec(line)?.[1]);
    expect(matrix!.shard).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    // Every shard sends its part of the same generated requests: one seed for the whole run.
    expect(line).toMatch(/--seed \$\{\{ github\.run_number \}\}/);
  });
});
