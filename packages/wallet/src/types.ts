/** What a Wallet pass shows: the same facts as the pass page, and the same check-in code. */
export interface WalletPassData {
  bookingId: string;
  status: 'confirmed' | 'cancelled';
  /** The signed check-in code the QR holds (the barcode carries exactly this). */
  code: string;
  /** The 6-character code the driver reads to the host, in two halves ("K7F 3QX"). */
  gateCode: string;
  eventTitle: string;
  venueName: string;
  /** ISO instants. */
  availableFrom: string;
  availableTo: string;
  /** "1:00 PM – 6:00 PM MST", in the event's zone, as the pass page writes it. */
  windowText: string;
  licensePlate: string | null;
  vehicleDescription: string | null;
  drivewayTitle: string;
  address: string;
  latitude: number;
  longitude: number;
  accessInstructions: string | null;
  hostName: string;
  /**
   * What is due or paid, as the money story says it ("Pay $15.00 to the host when you arrive",
   * "Paid $15.00 by card"); null for a cancelled booking.
   */
  payment: string | null;
  /** The pass page, for "open in Parkside". */
  passUrl: string;
}

/** Apple Wallet: the operator's Pass Type ID certificate, its key, and Apple's WWDR certificate. */
export interface AppleWalletConfig {
  passTypeIdentifier: string;
  teamIdentifier: string;
  /** PEM text. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
  organizationName?: string;
}

/**
 * Google Wallet: the issuer, and the service account that makes its class and objects through the
 * Wallet API and signs "Save to Google Wallet" links.
 */
export interface GoogleWalletConfig {
  issuerId: string;
  /** The service account's e-mail (client_email of its JSON key). */
  serviceAccountEmail: string;
  /** The service account's private key, PEM (private_key of its JSON key). */
  privateKey: string;
  /** Where the service account trades a signed assertion for a token (token_uri of its key). */
  tokenUrl: string;
  /** The Wallet API's address: Google's (GOOGLE_WALLET_API_URL), or a local server in tests. */
  apiUrl: string;
  /** This site's public address: the link's allowed origin, the logo and the links on a pass. */
  publicUrl: string;
}
