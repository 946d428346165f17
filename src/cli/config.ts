import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigError } from './errors.js';

/** What kind of bearer token a profile holds; a staff session expires, an API key does not. */
export type TokenKind = 'api_key' | 'staff_session';

/** One named set of credentials in the profile file. */
export interface Profile {
  url: string;
  token: string;
  token_kind: TokenKind;
  /** Staff sessions only: who logged in and until when the token is valid. */
  email?: string;
  expires_at?: string;
}

/** `~/.config/factory/config.json`. `current_profile` is the one `factory login` used last. */
export interface ConfigFile {
  current_profile?: string;
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';

/** Where a resolved value came from; shown by `factory whoami` and used in hints. */
export type ConfigSource = 'flag' | 'env' | 'profile';

/** Flags that override the environment and the profile file. */
export interface ConfigFlags {
  url?: string;
  apiKey?: string;
  profile?: string;
}

/** The server address and token a command will use, after flags, environment and profile. */
export interface ResolvedConfig {
  profile: string;
  url: string | undefined;
  urlSource: ConfigSource | undefined;
  token: string | undefined;
  tokenSource: ConfigSource | undefined;
  tokenKind: TokenKind | undefined;
}

/** The profile file path: `$XDG_CONFIG_HOME/factory/config.json`, else under `~/.config`. */
export function configPath(env: Record<string, string | undefined>, homeDir: string): string {
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative value is invalid and must be ignored.
  const base = xdg && xdg.startsWith('/') ? xdg : join(homeDir, '.config');
  return join(base, 'factory', 'config.json');
}

/** Reads the profile file; a missing file is an empty configuration. */
export async function readConfigFile(path: string): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw new ConfigError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    const parsed = JSON.parse(text) as Partial<ConfigFile>;
    return { ...parsed, profiles: parsed.profiles ?? {} };
  } catch (error) {
    throw new ConfigError(
      `${path} is not valid JSON; fix it or delete it and run "factory login"`,
      {
        cause: error,
      },
    );
  }
}

/**
 * Writes the profile file so that the tokens in it are never readable by others, not even for a
 * moment: a private temporary file (0600) in a private directory (0700), renamed over the old one.
 */
export async function writeConfigFile(path: string, config: ConfigFile): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing directory's mode alone; an older, looser one is tightened here.
  await chmod(dir, 0o700);
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Which profile is meant: `--profile`, else `FACTORY_PROFILE`, else the last one logged in. */
export function selectProfileName(
  flags: ConfigFlags,
  env: Record<string, string | undefined>,
  file: ConfigFile,
): string {
  return flags.profile || env.FACTORY_PROFILE || file.current_profile || DEFAULT_PROFILE;
}

/** Flags over `FACTORY_URL`/`FACTORY_API_KEY` over the selected profile, each value on its own. */
export function resolveConfig(
  flags: ConfigFlags,
  env: Record<string, string | undefined>,
  file: ConfigFile,
): ResolvedConfig {
  const profileName = selectProfileName(flags, env, file);
  const profile = file.profiles[profileName];
  const url = pick([flags.url, 'flag'], [env.FACTORY_URL, 'env'], [profile?.url, 'profile']);
  const token = pick(
    [flags.apiKey, 'flag'],
    [env.FACTORY_API_KEY, 'env'],
    [profile?.token, 'profile'],
  );
  return {
    profile: profileName,
    url: url?.[0],
    urlSource: url?.[1],
    token: token?.[0],
    tokenSource: token?.[1],
    tokenKind: token?.[1] === 'profile' ? profile?.token_kind : guessTokenKind(token?.[0]),
  };
}

function pick(
  ...candidates: Array<[string | undefined, ConfigSource]>
): [string, ConfigSource] | undefined {
  for (const [value, source] of candidates) {
    if (value) return [value, source];
  }
  return undefined;
}

function guessTokenKind(token: string | undefined): TokenKind | undefined {
  if (token?.startsWith('ss_')) return 'staff_session';
  if (token?.startsWith('sk_')) return 'api_key';
  return undefined;
}

/** Checks a server URL given by the user and returns it without a trailing slash. */
export function normaliseServerUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`"${raw}" is not a URL; expected something like http://127.0.0.1:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`"${raw}" must start with http:// or https://`);
  }
  if (url.username || url.password) {
    throw new ConfigError('put the API key in --api-key or FACTORY_API_KEY, not in the URL');
  }
  return url.href.replace(/\/+$/, '');
}
