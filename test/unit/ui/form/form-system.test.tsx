/**
 * The one form system (src/ui/form): rules through the superstruct resolver, the shared timing of
 * messages, trimming, focus, and server 422 field errors mapped onto fields.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { object, refine, string, validate } from 'superstruct';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/errors';
import { FormField } from '../../../../src/ui/form/form-field';
import { rulesStruct } from '../../../../src/ui/form/rules-struct';
import { applyServerErrors, fieldErrorsOf } from '../../../../src/ui/form/server-errors';
import { type RulesForm, useRulesForm } from '../../../../src/ui/form/use-rules-form';
import { TextInput } from '../../../../src/ui/inputs/text-input';

afterEach(cleanup);

type Values = { name: string; code: string };

const rules = {
  name: (value: string) => (value.trim() === '' ? 'Name please' : null),
  code: (value: string, values: Values) =>
    value === '' ? 'Code please' : value === values.name ? 'Not the name' : null,
};

let current: RulesForm<Values> | null = null;

function Harness({ onValid }: { onValid: (values: Values) => void }) {
  const form = useRulesForm<Values>({ defaultValues: { name: '', code: '' }, rules, trimmed: ['name'] });
  current = form;
  return (
    <form noValidate onSubmit={(event) => void form.submitWith(onValid)(event)}>
      <FormField form={form} name="name">
        {(field) => <TextInput id="name" label="Name" {...field} />}
      </FormField>
      <FormField form={form} name="code">
        {(field) => <TextInput id="code" label="Code" {...field} />}
      </FormField>
      <button type="submit">Go</button>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('rulesStruct', () => {
  it('answers the first message per field, with every value in view, and trims on coercion', () => {
    const struct = rulesStruct<Values>(rules, ['name']);
    const [error] = validate({ name: 'x', code: 'x' }, struct, { coerce: true });
    expect(error?.failures().map((f) => [f.path.join('.'), f.message])).toEqual([['code', 'Not the name']]);
    const [, value] = validate({ name: '  Ann ', code: '12' }, struct, { coerce: true });
    expect(value).toEqual({ name: 'Ann', code: '12' });
  });
});

describe('a rules form', () => {
  it('says nothing on leaving an empty field, checks a typed one on blur, then follows corrections live', () => {
    render(<Harness onValid={vi.fn()} />);
    fireEvent.blur(input('Name'));
    expect(screen.queryByText('Name please')).toBeNull();
    fireEvent.change(input('Name'), { target: { value: 'Ann' } });
    fireEvent.change(input('Code'), { target: { value: 'Ann' } });
    fireEvent.blur(input('Code'));
    expect(screen.getByText('Not the name')).toBeTruthy();
    expect(input('Code').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input('Code'), { target: { value: '42' } });
    expect(screen.queryByText('Not the name')).toBeNull();
  });

  it('trims a trimmed field when left', () => {
    render(<Harness onValid={vi.fn()} />);
    fireEvent.change(input('Name'), { target: { value: '  Ann  ' } });
    fireEvent.blur(input('Name'));
    expect(input('Name').value).toBe('Ann');
  });

  it('shows every message in the click, focuses the first invalid field, and submits clean values', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('Name please')).toBeTruthy();
    expect(screen.getByText('Code please')).toBeTruthy();
    expect(document.activeElement).toBe(input('Name'));
    fireEvent.change(input('Name'), { target: { value: ' Ann ' } });
    fireEvent.change(input('Code'), { target: { value: '42' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    expect(onValid.mock.calls[0][0]).toEqual({ name: 'Ann', code: '42' });
    expect(input('Name').value).toBe('Ann');
  });

  it("puts a 422's field errors under the form's fields, focused, until the field changes", () => {
    render(<Harness onValid={vi.fn()} />);
    const error = new ApiError(422, 'Invalid input', { code: ['Code is taken'], other: ['Not here'] });
    let applied: string[] = [];
    act(() => {
      applied = current ? applyServerErrors(current, error) : [];
    });
    expect(applied).toEqual(['code']);
    expect(screen.getByText('Code is taken')).toBeTruthy();
    expect(screen.queryByText('Not here')).toBeNull();
    expect(document.activeElement).toBe(input('Code'));
    fireEvent.change(input('Code'), { target: { value: '43' } });
    expect(screen.queryByText('Code is taken')).toBeNull();
  });

  it('reads field errors from any error that carries them, and nothing from others', () => {
    expect(fieldErrorsOf(new ApiError(422, 'x', { a: ['b'] }))).toEqual({ a: ['b'] });
    expect(fieldErrorsOf(new ApiError(0, 'offline'))).toBeNull();
    expect(fieldErrorsOf(new Error('x'))).toBeNull();
  });
});

describe('a contract form', () => {
  const Body = object({ title: refine(string(), 'Title', (v) => v.trim().length > 2 || 'Too short') });

  function ContractHarness() {
    const form = useRulesForm({ defaultValues: { title: '' }, struct: Body });
    return (
      <form noValidate onSubmit={(event) => void form.submitWith(() => undefined)(event)}>
        <FormField form={form} name="title">
          {(field) => <TextInput id="title" label="Title" {...field} />}
        </FormField>
        <button type="submit">Go</button>
      </form>
    );
  }

  it("shows the struct's refinement message", () => {
    render(<ContractHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('Too short')).toBeTruthy();
  });
});
