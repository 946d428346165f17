import { TextField } from '../../shared/ui/TextField.js';
import { fieldError } from '../../shared/ui/field-error.js';
import { useStaffT } from '../staff-i18n.js';
import { ADDRESS_PARTS, type AddressPart, type RetailerAddress } from './use-retailers.js';

/** The catalog's label of each address part. */
const LABEL_KEYS: Record<AddressPart, string> = {
  line1: 'retailers.address.line1',
  line2: 'retailers.address.line2',
  town: 'retailers.address.town',
  postcode: 'retailers.address.postcode',
  country: 'retailers.address.country',
};

/**
 * A retailer's delivery address (printed on its delivery notes), as fields named
 * `address.line1` … `address.country`: read back with `addressFrom`.
 */
export function AddressFields({
  address,
  error,
}: {
  address?: RetailerAddress | undefined;
  error: unknown;
}) {
  const { t } = useStaffT();
  return (
    <fieldset className="plain-fieldset">
      <legend>{t('retailers.address.title')}</legend>
      <p className="field-hint">{t('retailers.address.hint')}</p>
      <div className="form-columns">
        {ADDRESS_PARTS.map((k) => (
          <TextField
            key={k}
            label={t(LABEL_KEYS[k])}
            name={`address.${k}`}
            defaultValue={address?.[k] ?? ''}
            maxLength={k === 'country' ? 2 : k === 'postcode' ? 20 : 200}
            hint={k === 'country' ? t('retailers.address.country_hint') : undefined}
            error={fieldError(error, `address.${k}`)}
            {...(k === 'country' ? { autoCapitalize: 'characters', size: 4 } : {})}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The address as lines, for reading: the parts that are set. */
export function addressLines(address: RetailerAddress): string[] {
  return ADDRESS_PARTS.map((k) => address[k]).filter((v): v is string => !!v);
}
