import { runBin } from '../run-command.ts';

/**
 * Lints every API of redocly.yaml. The config extends `recommended-strict`, so a warning fails
 * the build as an error does.
 */
export async function lintDocuments(): Promise<void> {
  const result = await runBin('redocly', ['lint', '--format', 'stylish']);
  if (result.code !== 0) throw new Error(`redocly lint found problems:\n${result.output}`);
}
