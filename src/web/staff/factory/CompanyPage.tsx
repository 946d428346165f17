import type { FormEvent } from 'react';
import { formatDateTime } from '../../shared/format.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import type { TFunction } from 'i18next';
import { labelledFieldError } from '../../shared/ui/field-error.js';
import { TextField } from '../../shared/ui/TextField.js';
import { useStaffT } from '../staff-i18n.js';
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

const TEXT_KEYS: TextKey[] = [
  'company',
  'name',
  'legal_name',
  'label_prefix',
  'company_number',
  'vat_number',
  'industry',
  'billing_email',
  'phone',
  'po_number',
  'job_title',
  'mobile',
];
const ADDRESS_KEYS: AddressKey[] = ['line1', 'line2', 'town', 'postcode', 'country'];

/** Every field's label by API name in the page's language, so the server's sentences say them. */
function companyLabels(t: TFunction) {
  const labels: Record<TextKey, string> = {
    company: t('factory.company.label.company'),
    name: t('factory.company.label.name'),
    legal_name: t('factory.company.label.legal_name'),
    label_prefix: t('factory.company.label.label_prefix'),
    company_number: t('factory.company.label.company_number'),
    vat_number: t('factory.company.label.vat_number'),
    industry: t('factory.company.label.industry'),
    billing_email: t('factory.company.label.billing_email'),
    phone: t('factory.company.label.phone'),
    po_number: t('factory.company.label.po_number'),
    job_title: t('factory.company.label.job_title'),
    mobile: t('factory.company.label.mobile'),
  };
  const address: Record<AddressKey, string> = {
    line1: t('factory.company.label.line1'),
    line2: t('factory.company.label.line2'),
    town: t('factory.company.label.town'),
    postcode: t('factory.company.label.postcode'),
    country: t('factory.company.label.country'),
  };
  const all = {
    ...labels,
    ...Object.fromEntries(ADDRESS_KEYS.map((k) => [`address.${k}`, address[k]])),
    terms_accepted: t('factory.company.label.terms_accepted'),
    factory_same_as_registered: t('factory.company.label.factory_same_as_registered'),
  };
  return { labels, address, all };
}

/** The company's details, billing and owner: what appears on invoices and labels. */
export function CompanyPage() {
  const { t } = useStaffT();
  const company = useCompany();
  // Here, not in the form: the form is drawn afresh from what the server saved.
  const update = useUpdateCompany();
  if (company.error) return <ErrorMessage error={company.error} />;
  if (!company.data) return <p className="loading">{t('factory.loading')}</p>;
  return <CompanyForm key={company.data.updated_at} company={company.data} update={update} />;
}

function CompanyForm({
  company,
  update,
}: {
  company: Company;
  update: ReturnType<typeof useUpdateCompany>;
}) {
  const { t } = useStaffT();
  const { labels, address, all } = companyLabels(t);
  const fieldError = labelledFieldError(all);
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
        address: Object.fromEntries(ADDRESS_KEYS.map((k) => [k, optional(`address.${k}`)])),
        factory_same_as_registered: form.get('factory_same_as_registered') === 'on',
        terms_accepted: form.get('terms_accepted') === 'on',
      })
      .catch(() => {});
  }

  const field = (key: TextKey, extra: { hint?: string; type?: string } = {}) => (
    <TextField
      key={key}
      label={labels[key]}
      name={key}
      defaultValue={company[key] ?? ''}
      required={REQUIRED.includes(key)}
      error={fieldError(error, key)}
      {...extra}
    />
  );
  const shown = [...TEXT_KEYS, 'address', 'terms_accepted', 'factory_same_as_registered'];

  return (
    <form
      className="card company-form"
      onSubmit={(e) => void submit(e)}
      aria-label={t('factory.company.form')}
    >
      <div className="form-columns">
        <fieldset className="plain-fieldset">
          <legend>{t('factory.company.section_company')}</legend>
          {field('company', { hint: t('factory.company.hint_company') })}
          {field('legal_name')}
          {field('company_number')}
          {field('vat_number')}
          {field('industry')}
          {field('label_prefix', {
            hint: t('factory.company.hint_label_prefix'),
          })}
        </fieldset>
        <fieldset className="plain-fieldset">
          <legend>{t('factory.company.section_address')}</legend>
          {ADDRESS_KEYS.map((k) => (
            <TextField
              key={k}
              label={address[k]}
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
            {t('factory.company.label.factory_same_as_registered')}
          </label>
        </fieldset>
        <fieldset className="plain-fieldset">
          <legend>{t('factory.company.section_owner')}</legend>
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
            {t('factory.company.label.terms_accepted')}
            {company.terms_accepted_at && ' '}
            {company.terms_accepted_at &&
              t('factory.company.accepted_at', {
                time: formatDateTime(company.terms_accepted_at),
              })}
          </label>
        </fieldset>
      </div>
      {!(error && shown.some((k) => fieldError(error, k))) && (
        <ErrorMessage error={error} labels={all} />
      )}
      {saved && (
        <p className="success-message" role="status">
          {t('factory.company.saved')}
        </p>
      )}
      <button type="submit" disabled={update.isPending}>
        {t('factory.company.save')}
      </button>
    </form>
  );
}
