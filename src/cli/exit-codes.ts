/**
 * Exit codes of every command: 0 done, 1 the input failed the check, 2 the command line was wrong.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A problem with how the command was called: exit 2 with this message. */
export class UsageError extends Error {}
