import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';

describe('parseArgs', () => {
  it('separates positional arguments, valued flags and switches', () => {
    const { positional, flags } = parseArgs(['tour', '--name', 'My tour', '--json', '--owner=ann'], ['name', 'owner']);
    expect(positional).toEqual(['tour']);
    expect(flags.get('name')).toBe('My tour');
    expect(flags.get('owner')).toBe('ann');
    expect(flags.get('json')).toBe(true);
  });
  it('complains when a valued flag has no value', () => {
    expect(() => parseArgs(['x', '--name'], ['name'])).toThrow('--name needs a value');
  });
});
