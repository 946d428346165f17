import { mkdirSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  configPath,
  normaliseServerUrl,
  readConfigFile,
  resolveConfig,
  writeConfigFile,
} from '../../src/cli/config.js';
import type { ConfigFile } from '../../src/cli/config.js';
import { ConfigError } from '../../src/cli/errors.js';
import { temporaryHome } from './helpers/memory-io.js';

const file: ConfigFile = {
  current_profile: 'night',
  profiles: {
    default: { url: 'http://day:8080', token: 'sk_live_day', token_kind: 'api_key' },
    night: {
      url: 'http://night:8080',
      token: 'ss_night',
      token_kind: 'staff_session',
      email: 'sam@factory.example',
    },
  },
};

const homes: Array<() => void> = [];
afterEach(() => homes.splice(0).forEach((remove) => remove()));

describe('resolveConfig', () => {
  it('uses the profile logged in last when nothing else says', () => {
    expect(resolveConfig({}, {}, file)).toMatchObject({
      profile: 'night',
      url: 'http://night:8080',
      urlSource: 'profile',
      token: 'ss_night',
      tokenSource: 'profile',
      tokenKind: 'staff_session',
    });
  });

  it('lets FACTORY_PROFILE pick a profile and --profile win over it', () => {
    expect(resolveConfig({}, { FACTORY_PROFILE: 'default' }, file).url).toBe('http://day:8080');
    expect(resolveConfig({ profile: 'night' }, { FACTORY_PROFILE: 'default' }, file).url).toBe(
      'http://night:8080',
    );
  });

  it('puts the environment over the profile and flags over both, value by value', () => {
    const env = { FACTORY_URL: 'http://env:1', FACTORY_API_KEY: 'sk_live_env' };
    expect(resolveConfig({}, env, file)).toMatchObject({
      url: 'http://env:1',
      urlSource: 'env',
      token: 'sk_live_env',
      tokenSource: 'env',
      tokenKind: 'api_key',
    });
    expect(resolveConfig({ url: 'http://flag:2' }, env, file)).toMatchObject({
      url: 'http://flag:2',
      urlSource: 'flag',
      token: 'sk_live_env',
    });
    expect(resolveConfig({ apiKey: 'sk_live_flag' }, {}, file)).toMatchObject({
      url: 'http://night:8080',
      token: 'sk_live_flag',
      tokenSource: 'flag',
    });
  });

  it('leaves url and token undefined when nothing gives them', () => {
    expect(resolveConfig({}, {}, { profiles: {} })).toMatchObject({
      profile: 'default',
      url: undefined,
      token: undefined,
    });
  });
});

describe('profile file', () => {
  it('lives under ~/.config, or under an absolute XDG_CONFIG_HOME', () => {
    expect(configPath({}, '/home/sam')).toBe('/home/sam/.config/factory/config.json');
    expect(configPath({ XDG_CONFIG_HOME: '/xdg' }, '/home/sam')).toBe('/xdg/factory/config.json');
    expect(configPath({ XDG_CONFIG_HOME: 'relative' }, '/home/sam')).toBe(
      '/home/sam/.config/factory/config.json',
    );
  });

  it('is written 0600 in a 0700 directory, tightening a looser existing one', async () => {
    const home = temporaryHome();
    homes.push(home.remove);
    const path = configPath({}, home.dir);
    mkdirSync(join(home.dir, '.config', 'factory'), { recursive: true, mode: 0o755 });
    chmodSync(join(home.dir, '.config', 'factory'), 0o755);
    await writeConfigFile(path, file);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(home.dir, '.config', 'factory')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(file);
    expect(await readConfigFile(path)).toEqual(file);
  });

  it('reads a missing file as no profiles and refuses a corrupt one with a hint', async () => {
    const home = temporaryHome();
    homes.push(home.remove);
    expect(await readConfigFile(join(home.dir, 'none.json'))).toEqual({ profiles: {} });
    const corrupt = join(home.dir, 'corrupt.json');
    writeFileSync(corrupt, '{not json');
    await expect(readConfigFile(corrupt)).rejects.toThrow(ConfigError);
    await expect(readConfigFile(corrupt)).rejects.toThrow(/delete it and run "factory login"/);
  });
});

describe('normaliseServerUrl', () => {
  it('accepts http and https and drops a trailing slash', () => {
    expect(normaliseServerUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(normaliseServerUrl('https://factory.example/base/')).toBe(
      'https://factory.example/base',
    );
  });

  it('refuses what is not an http URL, or carries credentials', () => {
    expect(() => normaliseServerUrl('factory.local')).toThrow(ConfigError);
    expect(() => normaliseServerUrl('ftp://factory.local')).toThrow(/http:\/\/ or https:\/\//);
    expect(() => normaliseServerUrl('http://sk:x@factory.local')).toThrow(/not in the URL/);
  });
});
