import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/web/shared/api/api-error.js';
import { labelledFieldError, withLabel } from '../../../../src/web/shared/ui/field-error.js';

const refusal = (param: string, message: string) =>
  new ApiError(400, { type: 'invalid_request_error', code: 'validation_failed', param, message });

describe('field errors with the form’s labels', () => {
  const fieldError = labelledFieldError({ timezone: 'Time zone', 'address.town': 'Town' });

  it('says the label where the server says the field name', () => {
    expect(fieldError(refusal('timezone', 'timezone must not be empty.'), 'timezone')).toBe(
      'Time zone must not be empty.',
    );
    expect(
      fieldError(
        refusal('address.town', 'address.town must be at most 200 characters long.'),
        'address.town',
      ),
    ).toBe('Town must be at most 200 characters long.');
  });

  it('leaves other fields, other sentences and unlabelled fields alone', () => {
    expect(fieldError(refusal('timezone', 'Unknown time zone.'), 'timezone')).toBe(
      'Unknown time zone.',
    );
    expect(fieldError(refusal('timezone', 'timezone must not be empty.'), 'name')).toBeUndefined();
    expect(withLabel('timezones must be…', 'timezone', { timezone: 'Time zone' })).toBe(
      'timezones must be…',
    );
    expect(withLabel('phone must be…', 'phone', {})).toBe('phone must be…');
  });
});
