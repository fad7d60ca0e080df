/**
 * A saved section's form follows what the server holds: when the stored read it was filled from
 * changes (a queued save delivered, by this page or by the service worker, then the read
 * refreshed), the form shows the new values. The form's own defaults are read once, at mount, so
 * without this a section mounted before the refresh kept showing the value from before the edit.
 *
 * The user comes first: nothing is replaced while they have unsaved edits (a dirty form), or while
 * a save of theirs waits or was refused (the form shows what they typed into it).
 */
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export function useServerValues<V extends FieldValues>(
  form: UseFormReturn<V>,
  server: V,
  save: { pending: boolean; typed: unknown; failed: string | null },
): void {
  const key = JSON.stringify(server);
  const [shown, setShown] = useState(key);
  const dirty = form.formState.isDirty;
  if (key !== shown && !dirty && !save.pending && !save.typed && save.failed === null) {
    setShown(key);
    form.reset(server);
  }
}
