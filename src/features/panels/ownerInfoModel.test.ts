import { describe, expect, it } from 'vitest';
import { ownerInfoViewModel } from './ownerInfoModel.ts';

const texts = { name: 'Name', organisation: 'Company', email: 'Email', loading: 'Loading…', none: 'No contact details are available.' };

describe('owner info view model', () => {
  it('says it is loading until the contact has arrived', () => {
    expect(ownerInfoViewModel(null, texts)).toEqual({ state: 'loading', rows: [], email: null, message: 'Loading…' });
  });

  it('shows the owner name, company and email, each only when known', () => {
    const vm = ownerInfoViewModel({ name: 'Mara Lind', organisation: 'Harbour Homes', email: 'sales@harbour.example' }, texts);
    expect(vm).toEqual({
      state: 'ready',
      rows: [{ key: 'name', label: 'Name', value: 'Mara Lind' }, { key: 'organisation', label: 'Company', value: 'Harbour Homes' }],
      email: { key: 'email', label: 'Email', value: 'sales@harbour.example' },
      message: '',
    });
    expect(ownerInfoViewModel({ name: null, organisation: null, email: 'a@b.example' }, texts)).toMatchObject({ state: 'ready', rows: [] });
  });

  it('says so when nothing is known', () => {
    expect(ownerInfoViewModel({ name: null, organisation: null, email: null }, texts)).toMatchObject({ state: 'empty', message: 'No contact details are available.' });
  });
});
