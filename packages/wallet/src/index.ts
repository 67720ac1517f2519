export { applePass, passJson } from './apple';
export {
  googleClassId,
  googleObjectId,
  googlePassClass,
  googlePassObject,
  googleSaveUrl,
} from './google';
export {
  GOOGLE_TOKEN_URL,
  GOOGLE_WALLET_API_URL,
  GOOGLE_WALLET_SCOPE,
  GoogleWalletError,
  saveGooglePassClass,
  saveGooglePassObject,
} from './google-api';
export type { AppleWalletConfig, GoogleWalletConfig, WalletPassData } from './types';
