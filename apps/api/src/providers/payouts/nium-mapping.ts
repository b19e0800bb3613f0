import { pixKeyType } from '@crewpay/core';
import type { NiumBeneficiaryRequest } from '../clients/nium-client.ts';
import type { BeneficiaryInput, TransferStatus } from './types.ts';

/** Nium's Pix proxy types by the kind of key (Add Beneficiary V2's proxyType for BRL-PIX). */
const PIX_PROXY_TYPE = { email: 'EMAIL', phone: 'MOBILE', cpf: 'ID', cnpj: 'ID', random: 'RANDOM_KEY' } as const;

/** The routing codes each corridor's bank account is sent with (the routing code types Nium names per country). */
function bankRouting(input: BeneficiaryInput): Partial<NiumBeneficiaryRequest> {
  const f = input.fields;
  switch (input.country) {
    case 'GB':
      return { beneficiaryAccountNumber: f.account_number, routingCodeType1: 'SORT CODE', routingCodeValue1: f.sort_code };
    case 'IN':
      return { beneficiaryAccountNumber: f.account_number, routingCodeType1: 'IFSC', routingCodeValue1: f.ifsc };
    case 'DE':
      return { beneficiaryAccountNumber: f.iban, routingCodeType1: 'SWIFT', routingCodeValue1: f.bic };
    case 'JP':
      return {
        beneficiaryAccountNumber: f.account_number,
        routingCodeType1: 'BANK CODE',
        routingCodeValue1: f.bank_code,
        routingCodeType2: 'BRANCH CODE',
        routingCodeValue2: f.branch_code,
      };
    case 'MX':
      return { beneficiaryAccountNumber: f.clabe };
    case 'PH':
      return { beneficiaryAccountNumber: f.account_number, routingCodeType1: 'SWIFT', routingCodeValue1: f.bic };
    case 'BR':
      return {
        beneficiaryAccountNumber: f.account_number,
        beneficiaryBankCode: f.bank_code,
        routingCodeType1: 'BRANCH CODE',
        routingCodeValue1: f.branch_code,
        beneficiaryBankAccountType: f.account_type === 'savings' ? 'Saving' : 'Checking',
        beneficiaryIdentificationType: 'CPF',
        beneficiaryIdentificationValue: f.cpf,
      };
    default:
      throw new RangeError(`No Nium corridor for ${input.country}`);
  }
}

/** A payee's checked corridor fields as Nium's Add Beneficiary V2 body. */
export function niumBeneficiaryRequest(input: BeneficiaryInput): NiumBeneficiaryRequest {
  const common = {
    beneficiaryAccountType: input.account_holder_type === 'company' ? 'Corporate' : 'Individual',
    beneficiaryName: input.fields.account_holder_name ?? '',
    beneficiaryCountryCode: input.country,
    destinationCountry: input.country,
    destinationCurrency: input.currency,
    ...(input.email ? { beneficiaryEmail: input.email } : {}),
  } as const;
  if (input.method === 'pix') {
    const kind = pixKeyType(input.fields.pix_key ?? '');
    if (!kind) throw new RangeError('The Pix key was not checked');
    return {
      ...common,
      payoutMethod: 'PROXY',
      proxyType: PIX_PROXY_TYPE[kind],
      proxyValue: kind === 'phone' ? input.fields.pix_key!.replace(/[\s()-]/g, '') : input.fields.pix_key!,
      beneficiaryIdentificationType: 'CPF',
      beneficiaryIdentificationValue: input.fields.cpf,
    };
  }
  return { ...common, payoutMethod: 'LOCAL', ...bankRouting(input) };
}

/** Nium's transaction statuses (Transactions' status filter) in our words. */
const STATUS: Record<string, TransferStatus> = {
  INITIATED: 'initiated',
  IN_PROGRESS: 'initiated',
  PG_PROCESSING: 'initiated',
  AWAITING_FUNDS: 'initiated',
  SCHEDULED: 'initiated',
  RFI_REQUESTED: 'rfi_requested',
  RFI_RESPONDED: 'rfi_responded',
  COMPLIANCE_COMPLETED: 'compliance_completed',
  SENT_TO_BANK: 'sent_to_bank',
  PAID: 'paid',
  RETURN: 'returned',
  REJECTED: 'rejected',
  EXPIRED: 'expired',
  ERROR: 'failed',
  CANCELLED: 'cancelled',
};
export const transferStatusOf = (niumStatus: string): TransferStatus => STATUS[niumStatus.toUpperCase()] ?? 'initiated';

/** The provider event type of a status: nium.remittance.paid, .returned, .rfi_requested, ... */
export const remittanceEventType = (status: TransferStatus) => `nium.remittance.${status}`;

/** Our ids on a payment at Nium (Transfer Money's tags), which its webhooks echo. */
export const NIUM_TAGS = { org: 'crewpay_org_id', payment: 'crewpay_payment_id' } as const;
