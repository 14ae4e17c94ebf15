import { describe, expect, it } from 'vitest';
import { toggled } from './CheckboxList.js';

const options = ['a', 'b', 'c'].map((value) => ({ value, label: value.toUpperCase() }));

describe('a checkbox group (the filters of the Payee and Category reports)', () => {
  it('unchecks one of every value (null) into the others', () => {
    expect(toggled(options, null, 'b', false)).toEqual(['a', 'c']);
  });

  it('checks values back in the options order, and is every value (null) once all are checked', () => {
    expect(toggled(options, ['c'], 'a', true)).toEqual(['a', 'c']);
    expect(toggled(options, ['a', 'c'], 'b', true)).toBeNull();
  });

  it('can be emptied (the form then asks for at least one)', () => {
    expect(toggled(options, ['b'], 'b', false)).toEqual([]);
  });
});
