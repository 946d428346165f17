import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/table.js';
import { printResult } from '../shared/result.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';

const RETAILER_COLUMNS: Column<Item<'/v1/retailers'>>[] = [
  { header: 'id', value: (retailer) => retailer.id, keep: true },
  { header: 'code', value: (retailer) => retailer.code },
  { header: 'name', value: (retailer) => retailer.name },
  { header: 'town', value: (retailer) => retailer.address.town ?? '' },
  { header: 'country', value: (retailer) => retailer.address.country ?? '' },
  { header: 'created', value: (retailer) => retailer.created_at },
];

const USER_COLUMNS: Column<Item<'/v1/retailers/{id}/users'>>[] = [
  { header: 'id', value: (user) => user.id, keep: true },
  { header: 'email', value: (user) => user.email },
  { header: 'name', value: (user) => user.name },
  { header: 'role', value: (user) => user.role },
  { header: 'disabled', value: (user) => (user.disabled ? 'yes' : '') },
  { header: 'created', value: (user) => user.created_at },
];

export async function listRetailers(ctx: CommandContext, options: ListOptions) {
  await printList(ctx, '/v1/retailers', {}, options, RETAILER_COLUMNS, 'No retailers.');
}

export async function getRetailer(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/retailers/{id}', { path: { id: id! } }));
}

/** The address options of create and update: each part given changes; "" empties it. */
interface AddressOptions {
  line1?: string;
  line2?: string;
  town?: string;
  postcode?: string;
  country?: string;
}

const ADDRESS_PARTS = ['line1', 'line2', 'town', 'postcode', 'country'] as const;

/** The address parts given, or undefined when none was. */
function addressOf(options: AddressOptions): AddressOptions | undefined {
  const given = ADDRESS_PARTS.filter((part) => options[part] !== undefined);
  if (given.length === 0) return undefined;
  return Object.fromEntries(given.map((part) => [part, options[part]]));
}

interface CreateOptions extends AddressOptions {
  name: string;
  code: string;
  idempotencyKey?: string;
}

export async function createRetailer(ctx: CommandContext, options: CreateOptions) {
  const client = await ctx.client();
  const retailer = await client.post('/v1/retailers', {
    body: { name: options.name, code: options.code, address: addressOf(options) },
    idempotencyKey: options.idempotencyKey,
  });
  ctx.output.record(retailer);
}

export async function updateRetailer(
  ctx: CommandContext,
  options: AddressOptions & { name?: string; code?: string; clearAddress?: boolean },
  [id]: string[],
) {
  const address = addressOf(options);
  if (options.clearAddress && address) {
    throw new UsageError('--clear-address empties the address: give it without address parts');
  }
  const body = {
    name: options.name,
    code: options.code,
    address: options.clearAddress ? null : address,
  };
  if (body.name === undefined && body.code === undefined && body.address === undefined) {
    throw new UsageError(
      'nothing to change: give --name, --code, address parts (--line1 … --country) or --clear-address',
    );
  }
  const client = await ctx.client();
  ctx.output.record(await client.patch('/v1/retailers/{id}', { path: { id: id! }, body }));
}

export async function listUsers(ctx: CommandContext, options: ListOptions, [id]: string[]) {
  const path = { id: id! };
  await printList(ctx, '/v1/retailers/{id}/users', { path }, options, USER_COLUMNS, 'No users.');
}

interface AddUserOptions {
  email: string;
  name: string;
  role: string;
  idempotencyKey?: string;
}

export async function addUser(ctx: CommandContext, options: AddUserOptions, [id]: string[]) {
  const client = await ctx.client();
  const user = await client.post('/v1/retailers/{id}/users', {
    path: { id: id! },
    body: unchecked({ email: options.email, name: options.name, role: options.role }),
    idempotencyKey: options.idempotencyKey,
  });
  ctx.output.record(user);
}

export async function setUserRole(ctx: CommandContext, _options: unknown, args: string[]) {
  const [id, userId, role] = args as [string, string, string];
  const client = await ctx.client();
  const path = { id, uid: userId };
  const user = await client.patch('/v1/retailers/{id}/users/{uid}', {
    path,
    body: unchecked({ role }),
  });
  printResult(ctx, user, `Role set to ${role}.`);
}

export async function removeUser(ctx: CommandContext, _options: unknown, args: string[]) {
  const [id, userId] = args as [string, string];
  const client = await ctx.client();
  const path = { id, uid: userId };
  printResult(
    ctx,
    await client.delete('/v1/retailers/{id}/users/{uid}', { path }),
    `Removed ${userId}.`,
  );
}
