import {
  normaliseServerUrl,
  readConfigFile,
  selectProfileName,
  writeConfigFile,
} from '../../config.js';
import type { Profile } from '../../config.js';
import type { CommandContext } from '../../context.js';
import { ApiError, ConnectionError, UsageError } from '../../errors.js';
import { readSecret } from '../../prompt.js';

export async function login(ctx: CommandContext, options: { email?: string }) {
  const url = await ctx.serverUrl();
  const apiKey = ctx.flags.apiKey || ctx.io.env.FACTORY_API_KEY;
  if (options.email && ctx.flags.apiKey) {
    throw new UsageError('log in with --api-key or with --email, not both');
  }
  const profile: Profile = options.email
    ? await staffLogin(ctx, url, options.email)
    : await apiKeyLogin(ctx, url, apiKey);

  const file = await readConfigFile(ctx.configPath);
  const name = selectProfileName(ctx.flags, ctx.io.env, file);
  file.profiles[name] = profile;
  file.current_profile = name;
  await writeConfigFile(ctx.configPath, file);

  const summary = {
    profile: name,
    url: profile.url,
    token_kind: profile.token_kind,
    email: profile.email,
    expires_at: profile.expires_at,
    config_path: ctx.configPath,
  };
  if (ctx.output.json) return ctx.output.writeJson(summary);
  const who = profile.email ? ` as ${profile.email}` : ' with an API key';
  ctx.output.write(
    `${ctx.output.style.green('✓')} Logged in to ${profile.url}${who} (profile ${name}).\n`,
  );
}

async function apiKeyLogin(ctx: CommandContext, url: string, given: string | undefined) {
  let key = given;
  if (!key) {
    if (!ctx.io.stdin.isTTY) {
      throw new UsageError('login needs --api-key KEY (or FACTORY_API_KEY), or --email EMAIL');
    }
    key = await readSecret(ctx.io.stdin, ctx.io.stderr, 'API key: ');
  }
  // Refuses a key the server does not accept.
  await ctx.createClient(url, key).get('/v1/auth/me');
  return { url, token: key, token_kind: 'api_key' } satisfies Profile;
}

async function staffLogin(ctx: CommandContext, url: string, email: string) {
  const password = await readSecret(ctx.io.stdin, ctx.io.stderr, `Password for ${email}: `);
  const client = ctx.createClient(url);
  const session = await client.post('/v1/auth/login', { body: { email, password }, auth: false });
  return {
    url,
    token: session.token,
    token_kind: 'staff_session',
    email,
    expires_at: session.expires_at,
  } satisfies Profile;
}

export async function logout(ctx: CommandContext) {
  const file = await readConfigFile(ctx.configPath);
  const name = selectProfileName(ctx.flags, ctx.io.env, file);
  const profile = file.profiles[name];
  if (!profile) {
    ctx.output.notice(`Not logged in: no profile "${name}" in ${ctx.configPath}.`);
    if (ctx.output.json) ctx.output.writeJson({ profile: name, logged_out: false });
    return;
  }
  if (profile.token_kind === 'staff_session') {
    await endSession(ctx, profile);
  }
  delete file.profiles[name];
  if (file.current_profile === name) delete file.current_profile;
  await writeConfigFile(ctx.configPath, file);
  if (ctx.output.json) return ctx.output.writeJson({ profile: name, logged_out: true });
  ctx.output.write(
    `${ctx.output.style.green('✓')} Logged out of ${profile.url} (profile ${name}).\n`,
  );
}

/** Ends the session on the server; an expired session or an absent server still logs out here. */
async function endSession(ctx: CommandContext, profile: Profile): Promise<void> {
  try {
    await ctx.createClient(normaliseServerUrl(profile.url), profile.token).post('/v1/auth/logout');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    if (error instanceof ConnectionError) {
      ctx.output.warn(
        `${error.message}; the session was forgotten here but may stay valid until it expires`,
      );
      return;
    }
    throw error;
  }
}

export async function whoami(ctx: CommandContext) {
  const config = await ctx.server();
  const client = await ctx.client();
  const me = await client.get('/v1/auth/me');
  ctx.output.record(me, {
    title: `${config.url} (profile ${config.profile}, token from ${config.tokenSource})`,
    // Dozens of routes: in JSON for scripts, too long to be useful in a terminal.
    omit: ['permissions'],
  });
}
