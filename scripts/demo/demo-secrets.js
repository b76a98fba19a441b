// The credentials of `npm start`'s emulator, in a file of their own so that the demo's
// test can read them without starting anything.

/**
 * Accepted by the demo's emulator only. They are fixed, so that the emulator makes none
 * at random, and must never be printed: the demo's test looks for each in its output.
 */
export const demoSecrets = {
  licenseToken: 'demo-license-token-7c1e',
  accountToken: 'demo-account-token-2b9f',
  apiKey: 'demo-api-key-5d3a',
  applicationSecret: 'demo-app-secret-8e4c',
  adClientSecret: 'demo-ad-client-secret-1f6b',
};
