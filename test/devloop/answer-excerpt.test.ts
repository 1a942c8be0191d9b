import { describe, expect, it } from 'vitest';
import {
  ANSWER_EXCERPT_BYTES,
  ANSWER_EXCERPT_CHARS,
  answerExcerpt,
} from '../../src/devloop/answer-excerpt.ts';

describe('answerExcerpt', () => {
  it.each<[string, { given: string; want: string }]>([
    ['an empty body', { given: '', want: '' }],
    ['a JSON error', { given: '{"error":"bad"}', want: '{"error":"bad"}' }],
    ['line breaks and tabs', { given: 'a\r\n\tb', want: 'a\\r\\n\\tb' }],
    ['a terminal escape', { given: '\u001b[2Jgone', want: '\\u001b[2Jgone' }],
    ['DEL and a C1 control', { given: 'a\u007fb\u009bc', want: 'a\\u007fb\\u009bc' }],
    ['bidirectional overrides', { given: 'a\u202eb\u2066c', want: 'a\\u202eb\\u2066c' }],
    ['line separators', { given: 'a\u2028b', want: 'a\\u2028b' }],
    ['text beyond ASCII, kept', { given: 'café ✓ 👍', want: 'café ✓ 👍' }],
    [
      'a body one character too long',
      { given: 'é'.repeat(ANSWER_EXCERPT_CHARS + 1), want: `${'é'.repeat(ANSWER_EXCERPT_CHARS)}…` },
    ],
    [
      'a body of exactly the limit',
      { given: 'x'.repeat(ANSWER_EXCERPT_CHARS), want: 'x'.repeat(ANSWER_EXCERPT_CHARS) },
    ],
    [
      'astral characters, never split',
      {
        given: '👍'.repeat(ANSWER_EXCERPT_CHARS + 5),
        want: `${'👍'.repeat(ANSWER_EXCERPT_CHARS)}…`,
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(answerExcerpt(given)).toBe(want);
  });

  it('reads enough bytes to know a body of 4-byte characters was cut', () => {
    const bytes = Buffer.from('👍'.repeat(ANSWER_EXCERPT_CHARS + 10)).subarray(
      0,
      ANSWER_EXCERPT_BYTES,
    );
    expect(answerExcerpt(bytes.toString('utf8'))).toMatch(/…$/);
  });
});
