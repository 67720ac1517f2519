import { describe, expect, it } from 'vitest';
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from './templates';

const hostileName = `<script>alert('x')</script> "Bobby"`;
const url = 'https://parkside.test/verify-email?token=abc123&next=/bookings';
const escapedUrl = 'https://parkside.test/verify-email?token=abc123&amp;next=/bookings';

describe('verificationEmail', () => {
  const email = verificationEmail({ name: 'Dana', url, code: '482 913' });

  it('has the subject', () => {
    expect(email.subject).toBe('Verify your email for Parkside');
  });

  it('carries the code to type instead of the link, in html and text', () => {
    expect(email.text).toContain('Or type this code on Parkside: 482 913');
    expect(email.html).toContain('482 913');
  });

  it('links to the url in html (escaped) and text (raw)', () => {
    expect(email.html).toContain(`<a href="${escapedUrl}"`);
    expect(email.html).toContain('>Verify email address</a>');
    // Raw URL shown as a copy-paste fallback.
    expect(email.html).toContain(`>${escapedUrl}</a>`);
    expect(email.text).toContain(url);
    expect(email.text).toContain('Verify email address');
  });

  it('greets by name and explains expiry and what to do if unexpected', () => {
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Hi Dana,');
      expect(part).toContain('expire in 24 hours');
      expect(part).toContain('did not sign up');
    }
  });

  it('is an accessible html document', () => {
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(email.html).toContain('<title>Verify your email for Parkside</title>');
    expect(email.html).toContain('Parkside');
  });
});

describe('passwordResetEmail', () => {
  const resetUrl = 'https://parkside.test/reset-password?token=xyz';
  const email = passwordResetEmail({ name: 'Dana', url: resetUrl });

  it('has the subject, link, expiry and notes', () => {
    expect(email.subject).toBe('Reset your Parkside password');
    expect(email.html).toContain(`<a href="${resetUrl}"`);
    expect(email.html).toContain('>Choose a new password</a>');
    expect(email.text).toContain(resetUrl);
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Hi Dana,');
      expect(part).toContain('expires in 1 hour');
      expect(part).toContain('did not request a password reset');
      expect(part).toContain('signs you out on all other devices');
    }
  });
});

describe('passwordChangedEmail', () => {
  const email = passwordChangedEmail({ name: 'Dana' });

  it('has the subject and tells them what to do if it was not them', () => {
    expect(email.subject).toBe('Your Parkside password was changed');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Hi Dana,');
      expect(part).toContain('If this was not you, reset your password at once');
    }
    expect(email.html).toContain('lang="en"');
  });
});

describe('escaping', () => {
  it.each([
    ['verification', verificationEmail({ name: hostileName, url, code: '482 913' })],
    ['reset', passwordResetEmail({ name: hostileName, url })],
    ['changed', passwordChangedEmail({ name: hostileName })],
  ])('%s email escapes the name in html and keeps it verbatim in text', (_kind, email) => {
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('"Bobby"');
    expect(email.html).toContain(
      'Hi &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;Bobby&quot;,',
    );
    expect(email.text).toContain(`Hi ${hostileName},`);
  });

  it('escapes quotes in the url so it cannot break out of the href attribute', () => {
    const email = verificationEmail({
      name: 'Dana',
      url: 'https://parkside.test/v?t=a"onmouseover="alert(1)',
      code: '482 913',
    });
    expect(email.html).not.toContain('"onmouseover="');
    expect(email.html).toContain(
      'href="https://parkside.test/v?t=a&quot;onmouseover=&quot;alert(1)"',
    );
  });

  it('rejects links that are not absolute http(s) urls', () => {
    expect(() =>
      verificationEmail({ name: 'Dana', url: 'javascript:alert(1)', code: '482 913' }),
    ).toThrow(/http/);
    expect(() => passwordResetEmail({ name: 'Dana', url: '/reset?token=x' })).toThrow(/absolute/);
  });

  it('collapses whitespace in names and falls back to a generic greeting', () => {
    expect(passwordChangedEmail({ name: ' Dana\n\nEvil line ' }).text).toContain(
      'Hi Dana Evil line,',
    );
    expect(passwordChangedEmail({ name: '  ' }).text).toMatch(/^Hi there,/);
  });
});
