import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Combobox, type ComboboxOption } from './combobox';

const options: ComboboxOption[] = [
  { value: 'golf', label: 'Golf explained', detail: 'SCORM 1.2 · Ready' },
  { value: 'sailing', label: 'Sailing basics', detail: 'SCORM 2004 · Ready' },
  { value: 'chess', label: 'Chess openings', detail: 'SCORM 1.2 · Processing', disabled: true },
];

function Picker() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="picker">Package</label>
      <Combobox
        id="picker"
        options={options}
        value={value}
        onValueChange={setValue}
        listLabel="Packages"
        noMatchText={(query) => `Nothing matches ${query}`}
      />
      <output>{value || 'none'}</output>
    </>
  );
}

describe('combobox', () => {
  afterEach(cleanup);

  it('holds no options while closed, so a long list adds nothing to the page until it opens', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    expect(screen.queryAllByRole('option', { hidden: true })).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Package' }));
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option', { hidden: true })).toEqual([]);
  });

  it('filters by typing and picks the highlighted option with Enter; details are read with the option', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.type(screen.getByRole('combobox', { name: 'Package' }), 'sail');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Sailing basics SCORM 2004 · Ready',
    ]);
    await user.keyboard('{Enter}');
    expect(screen.getByText('sailing')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Package' })).toHaveValue('Sailing basics');
  });

  it('lists a disabled option but never chooses it, by keyboard or by pointer', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const input = screen.getByRole('combobox', { name: 'Package' });
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const chess = screen.getByRole('option', { name: /Chess openings/ });
    expect(chess).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('none')).toBeInTheDocument();
    await user.click(chess);
    expect(screen.getByText('none')).toBeInTheDocument();
    await user.type(input, 'zebra');
    expect(screen.getByText('Nothing matches zebra')).toBeInTheDocument();
  });
});
