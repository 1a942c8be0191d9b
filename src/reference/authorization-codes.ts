import { randomBytes } from 'node:crypto';

/** What a code stands for until it is exchanged. */
export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge?: string;
  expiresAt: number;
}

/** Codes live 60 seconds and are single-use (AUTH-05): a code is forgotten the moment it is taken. */
export const CODE_SECONDS = 60;

/** In memory: a code outliving a restart would only be a code that cannot be exchanged. */
export function createCodeStore() {
  const codes = new Map<string, AuthorizationCode>();
  return {
    issue(code: Omit<AuthorizationCode, 'expiresAt'>, now: number): string {
      const value = `code_${randomBytes(18).toString('base64url')}`;
      codes.set(value, { ...code, expiresAt: now + CODE_SECONDS });
      return value;
    },
    take(value: string, now: number): AuthorizationCode | undefined {
      const code = codes.get(value);
      codes.delete(value);
      return code && code.expiresAt >= now ? code : undefined;
    },
  };
}

export type CodeStore = ReturnType<typeof createCodeStore>;
