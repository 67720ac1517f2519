/**
 * Throwaway signing material for tests and local trials: a stand-in for Apple's WWDR
 * intermediate, a Pass Type ID certificate it issued, and a Google service account key. Real
 * ones come from the operator's Apple Developer and Google Pay & Wallet consoles.
 */
import forge from 'node-forge';
import { generateKeyPairSync } from 'node:crypto';
import yauzl from 'yauzl';

function newRsaKey() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

function certificate(
  subject: string,
  publicKeyPem: string,
  issuer: { name: string; keyPem: string },
  ca: boolean,
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = `0${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setIssuer([{ name: 'commonName', value: issuer.name }]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: ca },
    ca
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true }
      : { name: 'keyUsage', digitalSignature: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(issuer.keyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** A WWDR stand-in and a Pass Type ID certificate it signed, with its key behind a passphrase. */
export function makeAppleTestCertificates(passTypeIdentifier = 'pass.test.parkside') {
  const wwdrKey = newRsaKey();
  const wwdrName = 'Parkside Test WWDR Certification Authority';
  const wwdr = certificate(
    wwdrName,
    wwdrKey.publicKey,
    { name: wwdrName, keyPem: wwdrKey.privateKey },
    true,
  );
  const signerKey = newRsaKey();
  const signerCert = certificate(
    `Pass Type ID: ${passTypeIdentifier}`,
    signerKey.publicKey,
    { name: wwdrName, keyPem: wwdrKey.privateKey },
    false,
  );
  const passphrase = 'throwaway-passphrase';
  const encrypted = forge.pki.encryptRsaPrivateKey(
    forge.pki.privateKeyFromPem(signerKey.privateKey),
    passphrase,
  );
  return {
    passTypeIdentifier,
    teamIdentifier: 'TESTTEAM01',
    signerCert,
    signerKey: encrypted,
    signerKeyPassphrase: passphrase,
    wwdr,
  };
}

/** A service account key as Google issues it (PKCS #8 PEM), and its public half to verify with. */
export function makeGoogleTestKey() {
  const { privateKey, publicKey } = newRsaKey();
  return {
    serviceAccountEmail: 'wallet@parkside-test.iam.gserviceaccount.com',
    privateKey,
    publicKey,
  };
}

/** The files of a .pkpass (a zip), by name. */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}
export { startGoogleWalletTestServer, type GoogleWalletTestServer } from './google-wallet-server';
