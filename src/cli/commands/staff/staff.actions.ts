import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/table.js';
import { readSecret } from '../../prompt.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';

const STAFF_COLUMNS: Column<Item<'/v1/staff'>>[] = [
  { header: 'id', value: (user) => user.id, keep: true },
  { header: 'email', value: (user) => user.email },
  { header: 'name', value: (user) => user.name },
  { header: 'role', value: (user) => user.role },
  { header: 'disabled', value: (user) => user.disabled },
  { header: 'created', value: (user) => user.created_at },
];

export async function listStaff(ctx: CommandContext, options: ListOptions) {
  await printList(ctx, '/v1/staff', {}, options, STAFF_COLUMNS, 'No staff accounts.');
}

interface AddOptions {
  email: string;
  name: string;
  role: string;
  idempotencyKey?: string;
}

export async function addStaff(ctx: CommandContext, options: AddOptions) {
  // Resolve the server first, so a missing key is reported before anyone types a password.
  const client = await ctx.client();
  const password = await newPassword(ctx, options.email);
  const user = await client.post('/v1/staff', {
    body: unchecked({ email: options.email, name: options.name, role: options.role, password }),
    idempotencyKey: options.idempotencyKey,
  });
  ctx.output.record(user);
}

/** A new password: typed twice on a terminal, or the first line of piped stdin. */
async function newPassword(ctx: CommandContext, who: string): Promise<string> {
  const { stdin, stderr } = ctx.io;
  const password = await readSecret(stdin, stderr, `Password for ${who}: `);
  if (stdin.isTTY) {
    const again = await readSecret(stdin, stderr, 'Again: ');
    if (again !== password) throw new UsageError('the two passwords differ; nothing was changed');
  }
  return password;
}

export async function getStaff(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/staff/{id}', { path: { id: id! } }));
}

interface UpdateOptions {
  name?: string;
  role?: string;
  password?: boolean;
  disable?: boolean;
  enable?: boolean;
}

export async function updateStaff(ctx: CommandContext, options: UpdateOptions, [id]: string[]) {
  if (!options.name && !options.role && !options.password && !options.disable && !options.enable) {
    throw new UsageError(
      'nothing to change: give --name, --role, --password, --disable or --enable',
    );
  }
  const client = await ctx.client();
  const body = {
    name: options.name,
    role: options.role,
    password: options.password ? await newPassword(ctx, id!) : undefined,
    disabled: options.disable ? true : options.enable ? false : undefined,
  };
  ctx.output.record(
    await client.patch('/v1/staff/{id}', { path: { id: id! }, body: unchecked(body) }),
  );
}

export async function disableStaff(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.delete('/v1/staff/{id}', { path: { id: id! } }));
}
