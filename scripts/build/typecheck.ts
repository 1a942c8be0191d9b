import { runBin } from '../run-command.ts';

/** Type-checks the generated types on their own, so a broken generator shows in the build. */
export async function typecheckGenerated(): Promise<void> {
  const result = await runBin('tsc', ['-p', 'tsconfig.generated.json']);
  if (result.code !== 0)
    throw new Error(`the generated types do not type-check:\n${result.output}`);
}
