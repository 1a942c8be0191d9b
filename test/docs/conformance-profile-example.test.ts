import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILE_FIELDS, readProfile } from '../../src/conformance/profile/profile-file.ts';
import { PROFILE_FORMATS } from '../../src/conformance/profile/profile.ts';

/** Fields of older formats only: format 3 replaced `localDestinations` by `plainHttpDestinations`. */
const OLDER_FORMATS_ONLY = ['localDestinations'];

/** The fenced JSON blocks of docs/conformance-profile.md's "A complete example" section. */
async function exampleBlocks(): Promise<string[]> {
  const text = await readFile('docs/conformance-profile.md', 'utf8');
  const section = text.split('\n## A complete example\n')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

describe('the complete profile example of docs/conformance-profile.md', () => {
  it('is one JSON block that the suite reads as a valid profile of the newest format', async () => {
    const blocks = await exampleBlocks();
    expect(blocks).toHaveLength(1);
    const dir = await mkdtemp(join(tmpdir(), 'service-profile-example-'));
    try {
      const file = join(dir, 'profile.json');
      await writeFile(file, blocks[0]!);
      const read = await readProfile(file);
      expect('problems' in read ? read.problems : []).toEqual([]);
      expect(JSON.parse(blocks[0]!).format).toBe(PROFILE_FORMATS.at(-1));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  // A field added to the schema without a line in the example fails here.
  it('sets every top-level field of the newest format', async () => {
    const example = JSON.parse((await exampleBlocks())[0]!);
    const fields = PROFILE_FIELDS.filter((f) => !OLDER_FORMATS_ONLY.includes(f));
    expect(fields.filter((f) => !Object.hasOwn(example, f))).toEqual([]);
  });

  // AUTH-12: the example shows OAuth clients naming their app, whose secret it lists.
  it("names each OAuth client's app, a key of signingSecrets", async () => {
    const example = JSON.parse((await exampleBlocks())[0]!);
    for (const client of example.oauthClients)
      expect(Object.hasOwn(example.signingSecrets, client.app)).toBe(true);
  });
});
