/**
 * The UploadThing file router, mounted as in production with a (fake) UPLOADTHING_TOKEN: the
 * checks before an upload run on our server, so they are tested without reaching UploadThing.
 */
import { users } from '@parkside/db';
import { APP_CHECK_HEADER } from '@parkside/storage';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from './test-server';

const TOKEN = Buffer.from(
  JSON.stringify({ apiKey: 'sk_live_0123456789abcdef', appId: 'parksidetest', regions: ['sea1'] }),
).toString('base64');

const site = serverForFile({ demo: false, env: () => ({ UPLOADTHING_TOKEN: TOKEN }) });
let cookie: string;
let appCheck: string;

beforeAll(async () => {
  await site.handle.db
    .insert(users)
    .values({ id: 'uma', email: 'uma@example.com', name: 'Uma', emailVerified: true });
  cookie = await site.server.cookieFor('uma');
  const issued = (await (await fetch(`${site.server.base}/storage/app-check`)).json()) as {
    token: string;
    uploadThing: boolean;
  };
  expect(issued.uploadThing).toBe(true);
  appCheck = issued.token;
});

function requestUpload(name: string, size: number, headers: Record<string, string>) {
  return fetch(`${site.server.base}/api/uploadthing?actionType=upload&slug=image`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: site.server.base,
      'x-uploadthing-package': '@uploadthing/react',
      ...headers,
    },
    body: JSON.stringify({
      files: [{ name: 'photo.png', size, type: 'image/png' }],
      input: { name },
    }),
  });
}

async function messageOf(response: Response) {
  return ((await response.json()) as { message?: string }).message;
}

describe('UploadThing in the browser, checked by our server first', () => {
  it('serves the file router (one image route)', async () => {
    const response = await fetch(`${site.server.base}/api/uploadthing`);
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).toContain('image');
  });

  it('refuses an upload without the app-check token', async () => {
    const response = await requestUpload('users/uma/a.png', 1000, { cookie });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await messageOf(response)).toMatch(/did not come from the Parkside site/);
  });

  it('refuses a visitor, another user’s folder, the root path and a file over 5 MB', async () => {
    const check = { [APP_CHECK_HEADER]: appCheck };
    const cases: [string, number, Record<string, string>, RegExp][] = [
      ['users/uma/a.png', 1000, check, /Please sign in/],
      ['users/someone-else/a.png', 1000, { ...check, cookie }, /only upload to your own/],
      ['a.png', 1000, { ...check, cookie }, /root path/],
      ['users/uma/big.png', 6 * 1024 * 1024, { ...check, cookie }, /5 MB or smaller/],
    ];
    for (const [name, size, headers, message] of cases) {
      const response = await requestUpload(name, size, headers);
      expect(response.status, name).toBeGreaterThanOrEqual(400);
      expect(await messageOf(response), name).toMatch(message);
    }
  });

  it('lets the CSP load images from UploadThing', async () => {
    const response = await fetch(`${site.server.base}/storage/app-check`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src[^;]*https:\/\/\*\.ufs\.sh/);
    expect(csp).toMatch(/connect-src[^;]*uploadthing\.com/);
  });
});
