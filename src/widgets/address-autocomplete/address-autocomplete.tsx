/**
 * Address field with US place suggestions (spec part 1 §5, §9): 3 or more characters, 300 ms
 * debounce, US only. The connected half: the suggestions come from the places call
 * (use-place-suggestions.ts); everything the user sees is ui/inputs/address-combobox.tsx.
 */
import type { PlacePrediction } from '../../api/contracts/places';
import { AddressCombobox, type AddressComboboxProps } from '../../ui/inputs/address-combobox';
import { usePlaceSuggestions } from './use-place-suggestions';

export type AddressAutocompleteProps = Omit<
  AddressComboboxProps<PlacePrediction>,
  'suggestions' | 'onSearch' | 'onReset'
>;

export function AddressAutocomplete(props: AddressAutocompleteProps) {
  const { status, predictions, search, reset } = usePlaceSuggestions();
  return (
    <AddressCombobox {...props} suggestions={{ status, predictions }} onSearch={search} onReset={reset} />
  );
}
