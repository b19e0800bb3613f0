// The hook moved to lib (the campaign wizard uses it too); this path stays for the payments feature's own imports.
export { usePaymentMath } from '../../../lib/use-payment-math.ts';
