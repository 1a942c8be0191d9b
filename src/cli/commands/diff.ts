import type { Command } from 'commander';
import { diffDocuments } from '../../diff/diff-documents.js';
import { listApiDocuments, readBundledDocument } from '../../documents.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';

export function register(command: Command, done: (code: ExitCode) => void): void {
  command
    .argument('<from>', 'the older version, YYYY-MM-DD')
    .argument('<to>', 'the newer version, YYYY-MM-DD')
    .option('--json', 'print the changes as JSON')
    .action((from: string, to: string, options: { json?: boolean }) => {
      const apis = listApiDocuments();
      const find = (version: string) => {
        const api = apis.find((candidate) => candidate.version === version);
        if (!api)
          throw new UsageError(
            `unknown version "${version}"; versions: ${apis.flatMap((a) => a.version ?? []).join(', ')}`,
          );
        return readBundledDocument(api);
      };
      const changes = diffDocuments(find(from), find(to));
      if (options.json) {
        console.log(
          JSON.stringify(
            changes.map(({ item, kind, path, before, after }) => ({
              item,
              kind,
              at: path.slice(2).join('/'),
              before,
              after,
            })),
            null,
            2,
          ),
        );
        return done(EXIT.ok);
      }
      const breaking = changes.filter((change) => change.kind === 'breaking').length;
      console.log(`${from} -> ${to}: ${changes.length} changes, ${breaking} breaking`);
      for (const change of changes)
        console.log(
          `  ${change.kind.padEnd(8)} ${change.item}  ${change.path.slice(2).join('/') || '(whole item)'}`,
        );
      done(EXIT.ok);
    });
}
