/**
 * FormFileField (src/ui/form/form-field.tsx): a chosen file is a field of the rules form like any
 * other: its rule's message shows on submit with focus on the named element, the input's own
 * refusal shows as the field's message, a chosen file clears it and reaches the submit handler.
 * checkNow answers in the click: null with the messages shown, else the values.
 */
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormField, FormFileField } from '../../../../src/ui/form/form-field';
import { useRulesForm } from '../../../../src/ui/form/use-rules-form';
import { TextInput } from '../../../../src/ui/inputs/text-input';

afterEach(cleanup);

type Values = { title: string; file: File | null };
const chosen = new File(['%PDF-1.4'], 'cert.pdf', { type: 'application/pdf' });

function Harness({ onValid }: { onValid: (values: Values) => void }) {
  const form = useRulesForm<Values>({
    defaultValues: { title: 'ok', file: null },
    rules: { file: (_, values) => (values.file ? null : 'File please') },
  });
  return (
    <form noValidate onSubmit={(event) => void form.submitWith(onValid)(event)}>
      <FormField form={form} name="title">
        {(field) => <TextInput id="title" label="Title" {...field} />}
      </FormField>
      <FormFileField form={form} name="file" focusId="pick">
        {(field) => (
          <div>
            <button id="pick" type="button" onClick={() => field.onChange(chosen)}>
              Pick
            </button>
            <button type="button" onClick={() => field.onError('Too big')}>
              Refuse
            </button>
            <span>{field.value?.name ?? 'none'}</span>
            {field.error ? <p role="alert">{field.error}</p> : null}
          </div>
        )}
      </FormFileField>
      <button type="submit">Go</button>
    </form>
  );
}

describe('a file field of a rules form', () => {
  it('checks on submit with focus, shows a refusal, and hands the chosen file on', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('alert').textContent).toBe('File please');
    await waitFor(() => expect(document.activeElement?.id).toBe('pick'));
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByRole('alert').textContent).toBe('Too big');
    fireEvent.click(screen.getByRole('button', { name: 'Pick' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('cert.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ title: 'ok', file: chosen });
    expect(onValid.mock.calls[0]?.[0].file).toBeInstanceOf(File);
  });
});

describe('checkNow', () => {
  it('answers null with the message set, then the trimmed values, in the same call', () => {
    const { result } = renderHook(() =>
      useRulesForm<{ name: string }>({
        defaultValues: { name: '' },
        rules: { name: (v) => (v ? null : 'Name please') },
        trimmed: ['name'],
      }),
    );
    let answer: { name: string } | null = { name: 'x' };
    act(() => {
      answer = result.current.checkNow();
    });
    expect(answer).toBeNull();
    expect(result.current.getFieldState('name').error?.message).toBe('Name please');
    act(() => result.current.setValue('name', '  Ann '));
    act(() => {
      answer = result.current.checkNow();
    });
    expect(answer).toEqual({ name: 'Ann' });
  });
});
