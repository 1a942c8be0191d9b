import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/project-root.ts';

// `npm run check:package`: the package as packed, judged by Are the Types Wrong (every subpath
// resolves to its types under ESM) and publint (package.json agrees with the files). One pack for
// both, without lifecycle scripts: `attw --pack` and `publint` would each pack again, and each pack
// runs `prepack`, which compiles dist/ (npm test has just compiled it).
const bin = (name: string) => join(PROJECT_ROOT, 'node_modules', '.bin', name);
const work = mkdtempSync(join(tmpdir(), 'service-contract-check-package-'));
try {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const tarball = join(work, packed.filename);
  execFileSync(bin('attw'), [tarball, '--profile', 'esm-only'], { stdio: 'inherit' });
  execFileSync(bin('publint'), ['run', tarball, '--strict'], { stdio: 'inherit' });
} catch (error) {
  // The tools have printed what is wrong; a stack trace would add nothing.
  process.exitCode = (error as { status?: number }).status ?? 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
