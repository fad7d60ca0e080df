import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilePicker } from '../../../../src/ui/inputs/file-picker';

afterEach(cleanup);

function Picker({ onFiles, error }: { onFiles: (files: FileList | null) => void; error?: boolean }) {
  return (
    <div>
      <span id="logo-label">Logo</span>
      <FilePicker
        id="logo"
        labelledBy="logo-label"
        describedBy={error ? 'logo-hint logo-error' : 'logo-hint'}
        invalid={error}
        accept={['image/png', 'image/jpeg']}
        onFiles={onFiles}
      >
        <span aria-hidden="true">Choose a file or drag it here</span>
        <span id="logo-hint">PNG or JPEG, up to 2MB</span>
      </FilePicker>
      {error ? <p id="logo-error">Not supported</p> : null}
    </div>
  );
}

const png = () => new File(['x'], 'logo.png', { type: 'image/png' });

function filesOf(...files: File[]) {
  return Object.assign(files, { item: (i: number) => files[i] ?? null }) as unknown as FileList;
}

describe('FilePicker', () => {
  it('is a file input named by the field label, described by the hint, taking the allowed types', () => {
    render(<Picker onFiles={() => undefined} />);
    const input = screen.getByLabelText('Logo') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/png,image/jpeg');
    expect(input.getAttribute('aria-describedby')).toBe('logo-hint');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.closest('label')?.htmlFor).toBe('logo');
  });

  it('says when it is invalid, the error after the hint', () => {
    render(<Picker onFiles={() => undefined} error />);
    const input = screen.getByLabelText('Logo');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('logo-hint logo-error');
  });

  it('reports chosen files, then empties itself so the same file can be chosen again', () => {
    const got: string[] = [];
    render(<Picker onFiles={(files) => got.push(...Array.from(files ?? []).map((f) => f.name))} />);
    const input = screen.getByLabelText('Logo') as HTMLInputElement;
    Object.defineProperty(input, 'files', { configurable: true, value: filesOf(png()) });
    fireEvent.change(input);
    expect(got).toEqual(['logo.png']);
    expect(input.value).toBe('');
  });

  it('takes dropped files, shows the area as a target while files are over it, and ignores other drags', () => {
    const got: string[] = [];
    render(<Picker onFiles={(files) => got.push(...Array.from(files ?? []).map((f) => f.name))} />);
    const area = screen.getByLabelText('Logo').closest('label') as HTMLLabelElement;
    const files = { types: ['Files'], files: filesOf(png()) };
    fireEvent.dragEnter(area, { dataTransfer: { types: ['text/plain'], files: filesOf() } });
    expect(area.className).toBe('file-picker');
    fireEvent.dragEnter(area, { dataTransfer: files });
    expect(area.className).toBe('file-picker file-picker--over');
    fireEvent.drop(area, { dataTransfer: files });
    expect(area.className).toBe('file-picker');
    expect(got).toEqual(['logo.png']);
  });
});
