/**
 * A stand-in for a provider's public address (Photon's https://photon.komoot.io), so a test can
 * prove a server with no geocoder setting asks exactly there, without anything leaving the
 * machine. The server under test is started with the `env` returned: Node's own proxy support
 * (NODE_USE_ENV_PROXY) sends its HTTPS requests through a local CONNECT proxy, which tunnels the
 * provider's host name to a local HTTPS server answering as the provider does, with a
 * certificate for that name from a throwaway certificate authority the server is told to trust
 * (NODE_EXTRA_CA_CERTS). Every other destination is refused and recorded: nothing calls out.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GeocoderKind } from '../types';
import { startGeocoderTestServer, type GeocoderTestServer } from './geocoder-server';

export interface PublicGeocoderStandIn {
  /** Settings for the server under test (its HTTPS goes through the proxy, trusting the CA). */
  env: Record<string, string>;
  /** The provider's stand-in: its requests, User-Agents, and failures on demand. */
  provider: GeocoderTestServer;
  /** Every tunnel asked of the proxy ("photon.komoot.io:443"), allowed or not. */
  connects: string[];
  /** Destinations the proxy refused: anything but the provider's host. */
  refused: string[];
  close(): Promise<void>;
}

/** A certificate authority and a certificate for `hostname` signed by it, made by openssl. */
function certificatesFor(hostname: string) {
  const dir = mkdtempSync(join(tmpdir(), 'parkside-ca-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    openssl(
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-keyout', file('ca.key'), '-out', file('ca.pem'), '-subj', '/CN=Parkside test CA'],
    );
    openssl(
      ...['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('site.key')],
      ...['-out', file('site.csr'), '-subj', `/CN=${hostname}`],
    );
    writeFileSync(file('site.ext'), `subjectAltName=DNS:${hostname}\n`);
    openssl(
      ...['x509', '-req', '-in', file('site.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key')],
      ...['-CAcreateserial', '-days', '1', '-out', file('site.pem'), '-extfile', file('site.ext')],
    );
    return {
      ca: readFileSync(file('ca.pem'), 'utf8'),
      key: readFileSync(file('site.key'), 'utf8'),
      cert: readFileSync(file('site.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPublicGeocoderStandIn(
  kind: GeocoderKind,
  publicUrl: string,
): Promise<PublicGeocoderStandIn> {
  const { hostname } = new URL(publicUrl);
  const { ca, key, cert } = certificatesFor(hostname);
  const provider = await startGeocoderTestServer(kind, undefined, { key, cert });
  const providerPort = Number(new URL(provider.url).port);
  const connects: string[] = [];
  const refused: string[] = [];

  const proxy = createServer((req, res) => {
    // A plain-HTTP request through the proxy: never forwarded.
    refused.push(req.url ?? '');
    res.writeHead(403).end();
  });
  proxy.on('connect', (req, socket) => {
    const target = req.url ?? '';
    connects.push(target);
    if (target !== `${hostname}:443`) {
      refused.push(target);
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(providerPort, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const caDir = mkdtempSync(join(tmpdir(), 'parkside-ca-'));
  const caFile = join(caDir, 'ca.pem');
  writeFileSync(caFile, ca);
  return {
    env: {
      NODE_USE_ENV_PROXY: '1',
      HTTPS_PROXY: proxyUrl,
      HTTP_PROXY: proxyUrl,
      // The test's own local servers (SMTP, Stripe's stand-in, the site itself) are reached directly.
      NO_PROXY: '127.0.0.1,localhost,::1',
      NODE_EXTRA_CA_CERTS: caFile,
    },
    provider,
    connects,
    refused,
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await provider.close();
      rmSync(caDir, { recursive: true, force: true });
    },
  };
}
