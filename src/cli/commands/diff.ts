import { type Command, Option } from 'commander';
import { explainChanges } from '../../diff/explain-changes.js';
import { renderMarkdown } from '../../diff/render-markdown.js';
import { renderText } from '../../diff/render-text.js';
import { type OpenApiDocument, listApiDocuments, readBundledDocument } from '../../documents.js';
import { loadVersionRegistry } from '../../versions.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';

type Format = 'text' | 'json' | 'markdown';

const RENDER: Record<Exclude<Format, 'json'>, typeof renderText> = {
  text: renderText,
  markdown: renderMarkdown,
};

export function register(command: Command, done: (code: ExitCode) => void): void {
  command
    .argument('<from>', 'the older version, YYYY-MM-DD')
    .argument('<to>', 'the newer version, YYYY-MM-DD')
    .addOption(
      new Option('--format <format>', 'how to print the changes')
        .choices(['text', 'json', 'markdown'])
        .default('text'),
    )
    .option('--json', 'print the changes as JSON (same as --format json)')
    .addOption(
      new Option('--fail-on <kind>', 'exit 1 when a change of this kind is found (for CI)').choices(
        ['breaking', 'any'],
      ),
    )
    .action(
      (
        from: string,
        to: string,
        options: { format: Format; json?: boolean; failOn?: 'breaking' | 'any' },
      ) => {
        const apis = listApiDocuments();
        // Each version is read once: a diff across several versions reads the ones between too.
        const read = new Map<string, OpenApiDocument>();
        const documentOf = (version: string) => {
          const api = apis.find((candidate) => candidate.version === version);
          if (!api)
            throw new UsageError(
              `unknown version "${version}"; versions: ${apis.flatMap((a) => a.version ?? []).join(', ')}`,
            );
          if (!read.has(version)) read.set(version, readBundledDocument(api));
          return read.get(version)!;
        };
        documentOf(from);
        documentOf(to);
        const changes = explainChanges(from, to, documentOf, loadVersionRegistry());
        const format = options.json ? 'json' : options.format;
        console.log(
          format === 'json' ? JSON.stringify(changes, null, 2) : RENDER[format](from, to, changes),
        );
        const failing =
          options.failOn === 'any'
            ? changes.length > 0
            : options.failOn === 'breaking' && changes.some((change) => change.kind === 'breaking');
        done(failing ? EXIT.failed : EXIT.ok);
      },
    );
}
