import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { explainChanges } from '../src/diff/explain-changes.ts';
import { readBundledDocument } from '../src/documents.ts';
import { PROJECT_ROOT } from '../src/project-root.ts';
import { loadVersionRegistry } from '../src/versions.ts';
import { renderLanding } from './docs/landing-page.ts';
import { REQUIREMENTS_PAGE, type Page, listPages, navigation } from './docs/pages.ts';
import { renderReceivingWebhooks } from './docs/receiving-webhooks.ts';
import { renderRequirements } from './docs/requirements-page.ts';
import { rewordDocument } from './docs/specification-wording.ts';
import { CACHE_DIR, toolVersion } from './build/inputs-hash.ts';
import { cacheKey, cachedOutput } from './build/output-cache.ts';
import { runBin } from './run-command.ts';

/**
 * Rendered reference pages by the digest of what they were rendered from: a Redoc page takes
 * seconds of CPU and every `npm start` builds the docs, while their inputs seldom change. A page
 * is about 2.6 MB and each edit of a document renders a new one: three sites' worth are kept.
 */
const PAGES = { dir: join(CACHE_DIR, 'docs'), kept: 24 };

/** Where `npm run docs` writes the site; ignored by git. */
export const SITE_DIR = join(PROJECT_ROOT, 'site');

/**
 * Builds the static docs site from the committed bundles: a Redoc reference per document, each with
 * the version switcher, and the landing page with the versions table and the changelog.
 */
export async function buildDocs(outDir = SITE_DIR): Promise<Page[]> {
  const pages = listPages();
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const scratch = await mkdtemp(join(tmpdir(), 'service-contract-docs-'));
  try {
    const template = await readFile(join(PROJECT_ROOT, 'docs', 'page.hbs'), 'utf8');
    // What renders a page besides its inputs: another version or configuration renders it again.
    const renderer = [
      await toolVersion('@redocly/cli'),
      await readFile(join(PROJECT_ROOT, 'redocly.yaml'), 'utf8'),
    ];
    await Promise.all(
      pages
        .filter((page) => page.api)
        .map((page) => buildReference(page, pages, template, renderer, outDir, scratch)),
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const registry = loadVersionRegistry();
  const bundles = new Map(
    pages
      .filter((page) => page.api?.version)
      .map((page) => [page.api!.version!, readBundledDocument(page.api!)]),
  );
  const summaries = registry.versions.slice(1).map((entry, index) => ({
    version: entry.version,
    changes: explainChanges(
      registry.versions[index]!.version,
      entry.version,
      (version) => bundles.get(version)!,
      registry,
    ),
  }));
  await writeFile(join(outDir, 'index.html'), renderLanding(registry, summaries, pages));
  const requirements = await readFile(join(PROJECT_ROOT, 'docs', 'REQUIREMENTS.md'), 'utf8');
  await writeFile(
    join(outDir, REQUIREMENTS_PAGE.file),
    renderRequirements(requirements, pages, REQUIREMENTS_PAGE),
  );
  const guide = pages.find((page) => page.file === 'receiving-webhooks.html')!;
  await writeFile(join(outDir, guide.file), renderReceivingWebhooks(pages, guide));
  return pages;
}

async function buildReference(
  page: Page,
  pages: Page[],
  template: string,
  renderer: readonly string[],
  outDir: string,
  scratch: string,
): Promise<void> {
  // One template per page: the switcher marks the page it is on.
  const pageTemplate = join(scratch, `${page.file}.hbs`);
  const templateText = template.replace('<!-- NAV -->', navigation(pages, page));
  await writeFile(pageTemplate, templateText);
  // The bundle as readers get it: the specification named as such, not by its file name.
  const bundle = join(scratch, `${page.file}.json`);
  const source = JSON.parse(
    await readFile(join(PROJECT_ROOT, 'generated', page.api!.bundle), 'utf8'),
  ) as unknown;
  const reworded = JSON.stringify(rewordDocument(source));
  await writeFile(bundle, reworded);
  const output = join(outDir, page.file);
  const title = `Service API: ${page.label}`;
  const key = cacheKey([...renderer, templateText, reworded, title]);
  const render = () => renderReference(page, bundle, output, pageTemplate, title);
  await cachedOutput(key, output, render, PAGES);
}

/** One Redoc reference page, rendered by Redocly's CLI. */
async function renderReference(
  page: Page,
  bundle: string,
  output: string,
  pageTemplate: string,
  title: string,
): Promise<void> {
  const result = await runBin('redocly', [
    // --inlineBundle: the page renders offline instead of loading Redoc from a CDN.
    'build-docs',
    bundle,
    '--output',
    output,
    '--inlineBundle',
    '--template',
    pageTemplate,
    '--title',
    title,
  ]);
  if (result.code !== 0)
    throw new Error(`redocly build-docs ${page.api!.name} failed:\n${result.output}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  buildDocs()
    .then((pages) =>
      console.log(
        `docs: ${pages.length} pages in ${SITE_DIR} (${Math.round(performance.now() - started)} ms)`,
      ),
    )
    .catch((error: Error) => {
      console.error(error.message);
      process.exitCode = 1;
    });
}
