export { applePass, passJson } from './apple';
export { googleClassId, googlePassObject, googleSaveUrl } from './google';
export type { AppleWalletConfig, GoogleWalletConfig, WalletPassData } from './types';
