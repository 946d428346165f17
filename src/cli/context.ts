import { ApiClient } from './api-client.js';
import type { CliIO } from './cli-io.js';
import { configPath, normaliseServerUrl, readConfigFile, resolveConfig } from './config.js';
import type { ConfigFile, ConfigFlags, ResolvedConfig } from './config.js';
import { ConfigError } from './errors.js';
import { Output } from './output/output.js';
import { cliVersion } from './version.js';

/** Options every command accepts, wherever they appear on the command line. */
export interface GlobalFlags extends ConfigFlags {
  json?: boolean;
}

/** A server address and token that are known to be there. */
export interface ServerConfig extends ResolvedConfig {
  url: string;
  token: string;
}

/** The server address, known to be there, and the token when one is configured. */
export interface TuiConfig extends ResolvedConfig {
  url: string;
}

/**
 * What the terminal UI gets from `factory tui`: resolved configuration, a way to make API
 * clients (closed by the caller of `runTui` when it returns) and the process streams.
 */
export interface TuiContext {
  io: CliIO;
  now: () => Date;
  /** Without a token the UI asks for a staff sign-in. */
  config: TuiConfig;
  /** A client of the configured server with exactly this token, or none (to sign in). */
  createClient: (token: string | undefined) => ApiClient;
}

/** Everything a command's run function may use; built once per invocation. */
export class CommandContext {
  readonly io: CliIO;
  readonly flags: GlobalFlags;
  readonly output: Output;
  readonly now: () => Date;
  readonly configPath: string;
  private readonly clients: ApiClient[] = [];
  private configFile: ConfigFile | undefined;

  constructor(io: CliIO, flags: GlobalFlags) {
    this.io = io;
    this.flags = flags;
    this.now = io.now ?? (() => new Date());
    this.configPath = configPath(io.env, io.homeDir);
    this.output = new Output({
      stdout: io.stdout,
      stderr: io.stderr,
      env: io.env,
      now: this.now,
      forceJson: Boolean(flags.json),
    });
  }

  /** The profile file as it is on disk (read once per invocation). */
  async readConfig(): Promise<ConfigFile> {
    this.configFile ??= await readConfigFile(this.configPath);
    return this.configFile;
  }

  /** Flags over environment over profile, without insisting that anything is set. */
  async resolve(): Promise<ResolvedConfig> {
    return resolveConfig(this.flags, this.io.env, await this.readConfig());
  }

  /** The server URL, or a one-line hint (exit 2) saying how to give one. */
  async serverUrl(): Promise<string> {
    const config = await this.resolve();
    if (!config.url) {
      throw new ConfigError(
        'no server URL: pass --url URL, set FACTORY_URL, or run "factory login --url URL …"',
      );
    }
    return normaliseServerUrl(config.url);
  }

  /** URL and token, or a one-line hint (exit 2) saying what to set. */
  async server(): Promise<ServerConfig> {
    const url = await this.serverUrl();
    const config = await this.resolve();
    if (!config.token) {
      throw new ConfigError(
        `no API key for ${url}: pass --api-key KEY, set FACTORY_API_KEY, or run "factory login"`,
      );
    }
    return { ...config, url, token: config.token };
  }

  /** An API client for the configured server and token. */
  async client(): Promise<ApiClient> {
    const { url, token } = await this.server();
    return this.createClient(url, token);
  }

  /** An API client for any address and token; closed when the command ends. */
  createClient(url: string, token?: string): ApiClient {
    const client = new ApiClient({ baseUrl: url, token, userAgent: this.userAgent() });
    this.clients.push(client);
    return client;
  }

  /** What `factory tui` hands to the terminal UI. */
  async tuiContext(): Promise<TuiContext> {
    const config = { ...(await this.resolve()), url: await this.serverUrl() };
    return {
      io: this.io,
      now: this.now,
      config,
      createClient: (token = config.token) => this.createClient(config.url, token),
    };
  }

  /** Closes every client's connections so that the process can exit at once. */
  async close(): Promise<void> {
    await Promise.allSettled(this.clients.splice(0).map((client) => client.close()));
  }

  private userAgent(): string {
    return `factory/${cliVersion()}`;
  }
}
