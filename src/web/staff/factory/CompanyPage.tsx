import type { FormEvent } from 'react';
import { formatDateTime } from '../../shared/format.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { labelledFieldError } from '../../shared/ui/field-error.js';
import { TextField } from '../../shared/ui/TextField.js';
import { useCompany, useUpdateCompany, type Company } from './use-factory.js';

type TextKey =
  | 'company'
  | 'name'
  | 'legal_name'
  | 'label_prefix'
  | 'company_number'
  | 'vat_number'
  | 'industry'
  | 'billing_email'
  | 'phone'
  | 'po_number'
  | 'job_title'
  | 'mobile';
type AddressKey = keyof Company['address'];

const REQUIRED: TextKey[] = ['company', 'name', 'legal_name'];

const LABELS: Record<TextKey, string> = {
  company: 'Company',
  name: 'Your name',
  legal_name: 'Legal name',
  label_prefix: 'Label prefix',
  company_number: 'Company number',
  vat_number: 'VAT number',
  industry: 'Industry',
  billing_email: 'Billing email',
  phone: 'Phone',
  po_number: 'PO number',
  job_title: 'Job title',
  mobile: 'Mobile',
};

const ADDRESS: Record<AddressKey, string> = {
  line1: 'Address line 1',
  line2: 'Address line 2',
  town: 'Town',
  postcode: 'Postcode',
  country: 'Country',
};

/** Every field's label by API name, so the server's sentences say what the form says. */
const FIELD_LABELS = {
  ...LABELS,
  ...Object.fromEntries(Object.entries(ADDRESS).map(([k, label]) => [`address.${k}`, label])),
  terms_accepted: 'Terms accepted',
  factory_same_as_registered: 'The factory is at this address',
};
const fieldError = labelledFieldError(FIELD_LABELS);

/** The company's details, billing and owner: what appears on invoices and labels. */
export function CompanyPage() {
  const company = useCompany();
  // Here, not in the form: the form is drawn afresh from what the server saved.
  const update = useUpdateCompany();
  if (company.error) return <ErrorMessage error={company.error} />;
  if (!company.data) return <p className="loading">Loading…</p>;
  return <CompanyForm key={company.data.updated_at} company={company.data} update={update} />;
}

function CompanyForm({
  company,
  update,
}: {
  company: Company;
  update: ReturnType<typeof useUpdateCompany>;
}) {
  const saved = update.isSuccess;
  const error = update.error;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const optional = (name: string) => text(name) || null;
    await update
      .mutateAsync({
        company: text('company'),
        name: text('name'),
        legal_name: text('legal_name'),
        label_prefix: text('label_prefix').toUpperCase() || null,
        company_number: optional('company_number'),
        vat_number: optional('vat_number'),
        industry: optional('industry'),
        billing_email: optional('billing_email'),
        phone: optional('phone'),
        po_number: optional('po_number'),
        job_title: optional('job_title'),
        mobile: optional('mobile'),
        address: Object.fromEntries(
          (Object.keys(ADDRESS) as AddressKey[]).map((k) => [k, optional(`address.${k}`)]),
        ),
        factory_same_as_registered: form.get('factory_same_as_registered') === 'on',
        terms_accepted: form.get('terms_accepted') === 'on',
      })
      .catch(() => {});
  }

  const field = (key: TextKey, extra: { hint?: string; type?: string } = {}) => (
    <TextField
      key={key}
      label={LABELS[key]}
      name={key}
      defaultValue={company[key] ?? ''}
      required={REQUIRED.includes(key)}
      error={fieldError(error, key)}
      {...extra}
    />
  );
  const shown = [...Object.keys(LABELS), 'address', 'terms_accepted', 'factory_same_as_registered'];

  return (
    <form
      className="card company-form"
      onSubmit={(e) => void submit(e)}
      aria-label="Company details"
    >
      <div className="form-columns">
        <fieldset className="plain-fieldset">
          <legend>Company</legend>
          {field('company', { hint: 'The name people know the company by.' })}
          {field('legal_name')}
          {field('company_number')}
          {field('vat_number')}
          {field('industry')}
          {field('label_prefix', {
            hint: 'Starts every new barcode: 1–8 capital letters or digits (e.g. ACME).',
          })}
        </fieldset>
        <fieldset className="plain-fieldset">
          <legend>Registered address</legend>
          {(Object.keys(ADDRESS) as AddressKey[]).map((k) => (
            <TextField
              key={k}
              label={ADDRESS[k]}
              name={`address.${k}`}
              defaultValue={company.address[k] ?? ''}
              error={fieldError(error, `address.${k}`)}
            />
          ))}
          <label className="checkbox">
            <input
              type="checkbox"
              name="factory_same_as_registered"
              defaultChecked={company.factory_same_as_registered ?? false}
            />{' '}
            The factory is at this address
          </label>
        </fieldset>
        <fieldset className="plain-fieldset">
          <legend>Owner and billing</legend>
          {field('name')}
          {field('job_title')}
          {field('billing_email', { type: 'email' })}
          {field('phone', { type: 'tel' })}
          {field('mobile', { type: 'tel' })}
          {field('po_number')}
          <label className="checkbox">
            <input
              type="checkbox"
              name="terms_accepted"
              defaultChecked={company.terms_accepted ?? false}
            />{' '}
            Terms accepted
            {company.terms_accepted_at && ` (${formatDateTime(company.terms_accepted_at)})`}
          </label>
        </fieldset>
      </div>
      {!(error && shown.some((k) => fieldError(error, k))) && (
        <ErrorMessage error={error} labels={FIELD_LABELS} />
      )}
      {saved && (
        <p className="success-message" role="status">
          Company details saved.
        </p>
      )}
      <button type="submit" disabled={update.isPending}>
        Save company details
      </button>
    </form>
  );
}
