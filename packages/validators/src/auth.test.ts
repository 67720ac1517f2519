import { describe, expect, it } from 'vitest';
import { loginInput, registerInput, resetPasswordInput, safeRedirectPath } from './auth';

const valid = {
  name: '  Sam Rivera ',
  email: ' Sam@Example.COM ',
  password: 'correct horse',
  terms: 'on',
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('registerInput', () => {
  it('normalises name and e-mail and drops empty optional fields', () => {
    const parsed = registerInput.parse({ ...valid, phoneNumber: '', address: '  ' });
    expect(parsed).toMatchObject({ name: 'Sam Rivera', email: 'sam@example.com', terms: true });
    expect(parsed.phoneNumber).toBeUndefined();
    expect(parsed.address).toBeUndefined();
  });

  it('keeps unicode names', () => {
    expect(registerInput.parse({ ...valid, name: 'Zoë Ñúñez 山田' }).name).toBe('Zoë Ñúñez 山田');
  });

  it('explains every problem in words a person understands', () => {
    expect(messages(registerInput.safeParse({ ...valid, email: 'not-an-email' }))).toEqual([
      'Enter a valid email address, like name@example.com.',
    ]);
    expect(messages(registerInput.safeParse({ ...valid, password: 'short' }))).toEqual([
      'Password must be at least 8 characters.',
    ]);
    expect(messages(registerInput.safeParse({ ...valid, password: 'x'.repeat(129) }))).toEqual([
      'Password must be at most 128 characters.',
    ]);
    expect(messages(registerInput.safeParse({ ...valid, terms: undefined }))).toEqual([
      'Please accept the terms of service to create an account.',
    ]);
    expect(messages(registerInput.safeParse({ ...valid, name: 'x'.repeat(81) }))).toEqual([
      'Name must be at most 80 characters.',
    ]);
    expect(messages(registerInput.safeParse({ ...valid, phoneNumber: 'call me' }))).toEqual([
      'Enter a valid phone number, like (801) 555-0123.',
    ]);
    expect(messages(registerInput.safeParse({}))).toContain('Enter your name.');
  });

  it('refuses an oversized e-mail before checking its shape', () => {
    const result = loginInput.safeParse({
      email: `${'a'.repeat(300)}@example.com`,
      password: 'x',
    });
    expect(messages(result)).toEqual(['That email address is too long.']);
  });
});

describe('resetPasswordInput', () => {
  it('needs the two passwords to match', () => {
    const result = resetPasswordInput.safeParse({
      token: 't',
      password: 'long enough',
      confirmPassword: 'different!',
    });
    expect(messages(result)).toEqual(['The two passwords do not match.']);
  });
});

describe('safeRedirectPath', () => {
  it('keeps paths on this site and refuses everything else', () => {
    expect(safeRedirectPath('/my-bookings?tab=past')).toBe('/my-bookings?tab=past');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath(undefined, '/events')).toBe('/events');
    expect(safeRedirectPath('/\t/evil.example')).toBe('/');
  });

  it('encodes any character a Location header cannot carry, keeping where it leads', () => {
    expect(safeRedirectPath('/日本?q=café#ü')).toBe('/%E6%97%A5%E6%9C%AC?q=caf%C3%A9#%C3%BC');
    expect(safeRedirectPath('/rent?event=1&sort=price')).toBe('/rent?event=1&sort=price');
    expect(() => new Headers({ location: safeRedirectPath('/日本') })).not.toThrow();
  });
});
