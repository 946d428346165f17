import type { FastifyReply } from 'fastify';
import { takeTurns } from '../core/take-turns.js';

/** Items of an array written per slice: a few milliseconds of JSON each. */
const SLICE = 1_000;

/**
 * JSON.stringify of an answer with long arrays (an order's 10,000 pieces and its scans), giving
 * other requests a turn between slices of them: the arrays among the object's own fields are
 * written a slice at a time. Gives the same text as JSON.stringify.
 */
export async function stringifyInTurns(
  value: Readonly<Record<string, unknown>>,
  turn: () => Promise<void> | undefined = takeTurns(),
): Promise<string> {
  const fields: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || typeof field === 'function') continue;
    if (!Array.isArray(field) || field.length <= SLICE) {
      fields.push(`${JSON.stringify(key)}:${JSON.stringify(field)}`);
      continue;
    }
    const slices: string[] = [];
    for (let at = 0; at < field.length; at += SLICE) {
      // An array's text without its brackets: the slices join with commas.
      slices.push(JSON.stringify(field.slice(at, at + SLICE)).slice(1, -1));
      const wait = turn();
      if (wait) await wait;
    }
    fields.push(`${JSON.stringify(key)}:[${slices.join(',')}]`);
  }
  return `{${fields.join(',')}}`;
}

/** Sends an answer written by `stringifyInTurns`: JSON text, not serialized again. */
export async function sendInTurns(
  reply: FastifyReply,
  value: object,
  turn?: () => Promise<void> | undefined,
): Promise<FastifyReply> {
  const text = await stringifyInTurns(value as Record<string, unknown>, turn);
  return reply.type('application/json; charset=utf-8').send(text);
}
