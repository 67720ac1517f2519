import { describe, expect, it } from 'vitest';
import { checkObjectPath, downloadPath, parseDownloadUrl, sniffImageType } from './protocol';
import { issueAppCheckToken, matchesAnyHash, sha256Hex, verifyAppCheckToken } from './secrets';
import { parseMultipart } from './multipart';

describe('object paths', () => {
  it('accepts plain nested names and refuses the root, traversal and odd characters', () => {
    expect(checkObjectPath('users/u1/avatar-2.png')).toEqual({
      ok: true,
      segments: ['users', 'u1', 'avatar-2.png'],
    });
    expect(checkObjectPath('avatar.png')).toEqual({ ok: false, reason: 'rootPath' });
    expect(checkObjectPath('')).toEqual({ ok: false, reason: 'rootPath' });
    for (const bad of ['users/../x.png', 'users/a/..', '/users/a.png', 'a//b', 'a/b c', 'a/.env']) {
      expect(checkObjectPath(bad), bad).toEqual({ ok: false, reason: 'badName' });
    }
  });
});

describe('content sniffing', () => {
  it('recognises JPEG, PNG and WebP by bytes and nothing else', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('MZ\x90\0'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="..."></svg>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});

describe('download URLs', () => {
  it('round-trip bucket, path and token', () => {
    const url = downloadPath('parkside', 'driveways/abc/front photo.png', 'tok-1');
    expect(url).toBe('/v0/b/parkside/o/driveways%2Fabc%2Ffront%20photo.png?alt=media&token=tok-1');
    expect(parseDownloadUrl(`https://parkside.example${url}`)).toEqual({
      bucket: 'parkside',
      fullPath: 'driveways/abc/front photo.png',
      token: 'tok-1',
    });
    expect(parseDownloadUrl('/v0/b/parkside/o/x?alt=json&token=t')).toBeNull();
    expect(parseDownloadUrl('https://evil.example/other')).toBeNull();
  });
});

describe('app-check tokens', () => {
  const secret = 'a-secret-that-is-at-least-32-characters-long';
  it('verify while fresh and signed with our secret only', () => {
    const now = Date.now();
    const { token, expiresAt } = issueAppCheckToken(secret, { now, ttlSeconds: 3600 });
    expect(verifyAppCheckToken(secret, token, now)).toBe(true);
    expect(verifyAppCheckToken(secret, token, expiresAt + 1000)).toBe(false);
    expect(verifyAppCheckToken('another-secret-that-is-32-characters-long', token, now)).toBe(
      false,
    );
    const [v, exp, nonce, mac] = token.split('.');
    expect(verifyAppCheckToken(secret, [v, Number(exp) + 3600, nonce, mac].join('.'), now)).toBe(
      false,
    );
    expect(verifyAppCheckToken(secret, '', now)).toBe(false);
    expect(verifyAppCheckToken(secret, 'x'.repeat(500), now)).toBe(false);
  });

  it('match download tokens by hash', () => {
    expect(matchesAnyHash('t1', [sha256Hex('t0'), sha256Hex('t1')])).toBe(true);
    expect(matchesAnyHash('t2', [sha256Hex('t1')])).toBe(false);
    expect(matchesAnyHash('t2', [])).toBe(false);
  });
});

describe('multipart bodies', () => {
  it('reads the metadata part and the file part', async () => {
    const form = new FormData();
    form.append(
      'metadata',
      new Blob(['{"customMetadata":{"a":"b"}}'], { type: 'application/json' }),
    );
    form.append('file', new Blob([new Uint8Array([1, 2, 3, 13, 10, 4])]), 'x.png');
    const request = new Request('http://x', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const parsed = parseMultipart(body, request.headers.get('content-type') ?? undefined);
    expect(parsed?.metadata).toEqual({ customMetadata: { a: 'b' } });
    expect([...parsed!.file!]).toEqual([1, 2, 3, 13, 10, 4]);
    expect(parseMultipart(body, 'application/json')).toBeNull();
  });
});
