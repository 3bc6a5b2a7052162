import type { Config } from '#server/config.ts';
import type { KycProvider } from './kyc-provider.ts';
import { createKycaidProvider } from './kycaid.ts';
import { createSandboxKycProvider } from './sandbox.ts';

/** KYCAID when its token and form are configured; otherwise the embedded sandbox. */
export function createKycProvider(config: Config): KycProvider {
  if (config.kycaid) return createKycaidProvider(config.kycaid);
  return createSandboxKycProvider({ baseUrl: config.baseUrl, authSecret: config.authSecret });
}
