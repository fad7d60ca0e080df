/**
 * The business profile's fields, shared by step 2 of every flow that asks for them (standard,
 * add-account, legacy and pay-per-call): business name, service categories, address
 * (autocomplete) and website, each with its tooltip (spec part 1 §3, §5), bound to the step's
 * form (use-wizard-form.ts). `required` marks categories and address as the legacy flow's
 * required set does; the name is always required.
 */
import { FormField, FormListField } from '@/ui/form/form-field';
import type { RulesForm } from '@/ui/form/use-rules-form';
import { CategoriesSelect } from '@/ui/inputs/categories-select';
import { TextInput } from '@/ui/inputs/text-input';
import { UrlInput } from '@/ui/inputs/url-input';
import { AddressAutocomplete } from '@/widgets/address-autocomplete/address-autocomplete';
import { labels, tips } from './messages';
import type { useServices } from './use-services';
import { fieldId, type StepValues } from './use-wizard-form';

/** The fields, with their kinds, for a step's `fields`. */
export const BUSINESS_PROFILE_FIELDS = { name: '', categories: [], address: '', website: '' } as const;

type BusinessProfileFieldsProps = {
  form: RulesForm<StepValues>;
  services: ReturnType<typeof useServices>;
  required?: boolean;
};

export function BusinessProfileFields({ form, services, required }: BusinessProfileFieldsProps) {
  return (
    <>
      <BusinessNameField form={form} />
      <CategoriesField form={form} services={services} required={required} />
      <AddressField form={form} required={required} />
      <FormField form={form} name="website">
        {(field) => (
          <UrlInput id={fieldId('website')} label={labels.website} hint={tips.website} {...field} />
        )}
      </FormField>
    </>
  );
}

type FieldProps = { form: RulesForm<StepValues>; required?: boolean };

/** The business name: always required. */
export function BusinessNameField({ form }: FieldProps) {
  return (
    <FormField form={form} name="name">
      {(field) => (
        <TextInput id={fieldId('name')} label={labels.name} required autoComplete="organization" {...field} />
      )}
    </FormField>
  );
}

/** The business address, with autocomplete and its tooltip. */
export function AddressField({ form, required }: FieldProps) {
  return (
    <FormField form={form} name="address">
      {(field) => (
        <AddressAutocomplete
          id={fieldId('address')}
          label={labels.address}
          required={required}
          hint={tips.address}
          {...field}
        />
      )}
    </FormField>
  );
}

/** Service categories (names), with the services call's error in place of the tooltip. */
export function CategoriesField({ form, services, required }: BusinessProfileFieldsProps) {
  return (
    <FormListField form={form} name="categories" focusId={fieldId('categories')}>
      {(field) => (
        <CategoriesSelect
          id={fieldId('categories')}
          label={labels.categories}
          required={required}
          hint={services.error ?? tips.categories}
          options={services.options}
          {...field}
        />
      )}
    </FormListField>
  );
}
