import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';

// Validation failures through the real app: the envelope's message is a sentence that names
// the field and says what it takes, whatever schema keyword failed.
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

async function refusal(method: 'GET' | 'PATCH' | 'POST', url: string, body?: unknown) {
  const res = await t.request(method, url, body === undefined ? {} : { body });
  expect(res.statusCode, res.body).toBe(400);
  const { code, param, message } = res.json().error;
  expect(code).toBe('validation_failed');
  return { param, message };
}

describe('validation messages', () => {
  it.each([
    [
      'a literal (label_size)',
      ['PATCH', '/v1/settings', { label_size: '4x8' }],
      { param: 'label_size', message: 'label_size must be 4x6.' },
    ],
    [
      'a union of number literals',
      ['PATCH', '/v1/settings', { default_dpi: 600 }],
      { param: 'default_dpi', message: 'default_dpi must be one of: 203, 300.' },
    ],
    [
      'a union of literals in a query',
      ['GET', '/v1/orders?status=lost'],
      {
        param: 'status',
        message:
          'status must be one of: awaiting_production, in_production, produced, in_stock, partially_dispatched, dispatched, cancelled.',
      },
    ],
    [
      'a maximum',
      ['PATCH', '/v1/settings', { stuck_after_days: 400 }],
      { param: 'stuck_after_days', message: 'stuck_after_days must be at most 365.' },
    ],
    [
      'a minimum length',
      ['PATCH', '/v1/settings', { timezone: '' }],
      { param: 'timezone', message: 'timezone must not be empty.' },
    ],
    [
      'a type',
      ['PATCH', '/v1/settings', { stuck_after_days: 'five' }],
      { param: 'stuck_after_days', message: 'stuck_after_days must be a whole number.' },
    ],
    [
      'an unknown field',
      ['PATCH', '/v1/settings', { stuck_days: 5 }],
      {
        param: 'stuck_days',
        message: expect.stringMatching(/^stuck_days is not a known field; the known ones are /),
      },
    ],
    [
      'no field at all',
      ['PATCH', '/v1/settings', {}],
      { param: undefined, message: 'The body must set at least one field.' },
    ],
    [
      'a blank required text (pattern \\S)',
      [
        'POST',
        '/v1/orders',
        {
          order_no: '   ',
          retailer_code: 'X',
          lines: [{ sku: 'A', qty: 1, pieces_per_unit: 1 }],
        },
      ],
      { param: 'order_no', message: 'order_no must not be blank.' },
    ],
    [
      'a date format',
      ['GET', '/v1/orders?needed_by_before=tomorrow'],
      { param: 'needed_by_before', message: 'needed_by_before must be a date as YYYY-MM-DD.' },
    ],
  ] as const)('%s', async (_name, [method, url, body], expected) => {
    expect(await refusal(method, url, body)).toEqual(expected);
  });

  it('never answers with the schema keyword words', async () => {
    const { message } = await refusal('PATCH', '/v1/settings', { label_size: 'A4' });
    expect(message).not.toMatch(/constant|anyOf|allowed values|pattern "/);
  });
});
