/**
 * The lead transfer settings form (spec part 2 §3, §5), one for its two hosts: a linked account's
 * card in Account Settings and the overview's lead transfer task. The fields shown
 * (settings-fields.tsx), the contract's rules for them (SETTINGS_RULES, the server's), the emails
 * trimmed, and the body a save sends: the shown fields only.
 */
import { type AccountSettings, type AccountSettingsBody, SETTINGS_RULES } from '../../api/contracts/account';
import { fieldRules } from '../../ui/form/rules-lists';
import { useRulesForm } from '../../ui/form/use-rules-form';
import {
  type SettingsValues,
  settingsValues,
  shownSettingsFields,
  TRIMMED_SETTINGS,
} from './settings-fields';

export function useSettingsForm(multiple: boolean, initial: Partial<AccountSettings> | undefined) {
  const fields = shownSettingsFields(multiple);
  const form = useRulesForm<SettingsValues>({
    defaultValues: settingsValues(initial),
    rules: fieldRules(Object.fromEntries(fields.map((field) => [field, SETTINGS_RULES[field]]))),
    trimmed: TRIMMED_SETTINGS,
  });
  const bodyOf = (values: SettingsValues) =>
    Object.fromEntries(fields.map((field) => [field, values[field]])) as AccountSettingsBody;
  return { form, fields, bodyOf };
}
