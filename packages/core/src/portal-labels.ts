// Login-as messages that the signed-in frame shows, apart from the request and answer schemas:
// the frame does not download zod with them. portal.ts re-exports this file, so every import of
// them stays as it was.

export const loginAsMessages = {
  notFound: 'User not found',
  higherRole: 'You cannot act as someone with a higher role than yours',
  notAllowed: 'Only owners and admins can act as another user',
  self: 'You are already signed in as yourself',
  externalRefused: 'Creators and customers cannot act as another user',
  whileActing: 'Go back to your own account first',
  failed: 'There was an issue logging in as that user',
  noSigningLinks: 'Acting as someone cannot open their contracts for signing: they sign for themselves',
  noSigning: 'Acting as someone cannot sign for them: go back to your own account',
  noLinks: 'Acting as someone cannot use the links sent to them: go back to your own account',
  noApproving: 'Acting as someone cannot execute payments or move money: go back to your own account',
  noPayoutDetails: 'Acting as someone cannot change payout, bank or tax details: only they can',
  noSignInFactors: 'Acting as someone cannot add or remove their passkeys or authenticator app: only they can',
  noSignInRules: "Acting as someone cannot change the organization's two-factor requirement: go back to your own account",
  noKeys: 'Acting as someone cannot create API keys or webhook endpoints: go back to your own account',
} as const;
