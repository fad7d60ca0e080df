/**
 * The business profile's fields, shared by step 2 of every flow that asks for them (standard,
 * add-account, legacy and pay-per-call): business name, service categories, address
 * (autocomplete) and website, each with its tooltip (spec part 1 §3, §5). `required` marks
 * categories and address as the legacy flow's required set does; the name is always required.
 */

import { CategoriesSelect } from '../../ui/inputs/categories-select';
import { TextInput } from '../../ui/inputs/text-input';
import { UrlInput } from '../../ui/inputs/url-input';
import { AddressAutocomplete } from '../../widgets/address-autocomplete/address-autocomplete';
import { list, str } from './form-values';
import { labels, tips } from './messages';
import type { useServices } from './use-services';
import { fieldId } from './use-step-form';

type BusinessProfileFieldsProps = {
  values: Record<string, unknown>;
  errorFor: (field: string) => string | null | undefined;
  set: (field: string) => (value: string | string[]) => void;
  services: ReturnType<typeof useServices>;
  required?: boolean;
};

export function BusinessProfileFields({
  values,
  errorFor,
  set,
  services,
  required,
}: BusinessProfileFieldsProps) {
  return (
    <>
      <TextInput
        id={fieldId('name')}
        label={labels.name}
        required
        autoComplete="organization"
        value={str(values.name)}
        error={errorFor('name')}
        onChange={set('name')}
      />
      <CategoriesSelect
        id={fieldId('categories')}
        label={labels.categories}
        required={required}
        hint={services.error ?? tips.categories}
        options={services.options}
        value={list(values.categories)}
        error={errorFor('categories')}
        onChange={set('categories')}
      />
      <AddressAutocomplete
        id={fieldId('address')}
        label={labels.address}
        required={required}
        hint={tips.address}
        value={str(values.address)}
        error={errorFor('address')}
        onChange={set('address')}
      />
      <UrlInput
        id={fieldId('website')}
        label={labels.website}
        hint={tips.website}
        value={str(values.website)}
        error={errorFor('website')}
        onChange={set('website')}
      />
    </>
  );
}
