import type { Check } from '../run/check.js';

/**
 * VER-15: an invalid cursor gives `invalid_cursor`. Applies where an operation of the version takes
 * a cursor; the specification documents none yet, and the check says so rather than passing. Where one does,
 * the suite has no case for it yet: that is the suite's gap, not the implementation's fault, so it
 * is not testable rather than failed.
 */
export const ver15Cursor: Check = {
  requirements: ['VER-15'],
  basis: 'stated',
  title: 'An invalid pagination cursor gives invalid_cursor',
  async run({ version, documents }) {
    const document = documents.get(version)?.document;
    const paged = Object.keys(document?.paths ?? {}).filter((path) =>
      JSON.stringify(document!.paths![path]).includes('"cursor"'),
    );
    if (paged.length === 0)
      return { skip: 'not_applicable', reason: `no operation of ${version} takes a cursor` };
    return {
      skip: 'not_testable',
      reason: `${paged.join(', ')} take a cursor, which this suite does not test yet`,
    };
  },
};
