import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseSecret } from '../webhooks/secret.js';

/** The secret `listen` signs up with when given none, and the file that keeps it. */
export interface KeptSecret {
  secret: string;
  file: string;
  /** Whether this start made it (the first start, or the file was unusable). */
  created: boolean;
}

/**
 * The per-user folder of this tool's settings: `$XDG_CONFIG_HOME/service-contract`, else
 * `~/.config/service-contract` (the XDG Base Directory default).
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'service-contract');
}

/**
 * The `whsec_` secret kept in the config folder, made on first use: the same across restarts, so
 * an app is configured with it once (AUTH-12). The file is readable by its owner only.
 */
export function keptSecret(dir = configDir()): KeptSecret {
  const file = join(dir, 'listen-secret');
  const kept = readKept(file);
  if (kept) return { secret: kept, file, created: false };
  // 32 random bytes, as Standard Webhooks secrets are commonly made.
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, file, created: true };
}

function readKept(file: string): string | undefined {
  let text: string;
  try {
    // A secret is about 50 characters: a larger file is not one this tool wrote.
    text = readFileSync(file, 'utf8').slice(0, 1024).trim();
  } catch {
    return undefined;
  }
  return 'problem' in parseSecret(text) ? undefined : text;
}
