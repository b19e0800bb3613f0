import { ibanProblem, isValidBic, isValidClabe, isValidCpf, isValidIfsc, pixKeyType } from '@crewpay/core';
import type { FakeAnswer } from '../http-fake.ts';
import { newId, niumError } from './state.ts';

type Json = Record<string, unknown>;
export type Beneficiary = Json & { beneficiaryHashId: string; payoutHashId: string; customerHashId: string };

type Rule = { field: string; check: (request: Json) => boolean; description: string };
const text = (request: Json, field: string) => (typeof request[field] === 'string' ? (request[field] as string) : '');
const matches = (field: string, pattern: RegExp, description: string): Rule => ({
  field,
  check: (request) => pattern.test(text(request, field)),
  description,
});
const equals = (field: string, value: string): Rule => matches(field, new RegExp(`^${value}$`), `${field} must be ${value}`);
const cpf: Rule[] = [
  equals('beneficiaryIdentificationType', 'CPF'),
  {
    field: 'beneficiaryIdentificationValue',
    check: (r) => isValidCpf(text(r, 'beneficiaryIdentificationValue')),
    description: 'a valid CPF is required',
  },
];
/** Pix proxy types as Nium names them, and the kinds of key each takes. */
const PIX_PROXY: Record<string, string[]> = { EMAIL: ['email'], MOBILE: ['phone'], ID: ['cpf', 'cnpj'], RANDOM_KEY: ['random'] };

/**
 * The fields each corridor requires, as the validation schema endpoint answers them for the
 * corridors Crewpay pays (the description's x-crewpay-corridors): `<currency>-<country>-<method>`.
 */
const CORRIDOR_RULES: Record<string, Rule[]> = {
  'GBP-GB-LOCAL': [
    matches('beneficiaryAccountNumber', /^\d{8}$/, 'a UK account number is 8 digits'),
    equals('routingCodeType1', 'SORT CODE'),
    matches('routingCodeValue1', /^\d{6}$/, 'a sort code is 6 digits'),
  ],
  'INR-IN-LOCAL': [
    matches('beneficiaryAccountNumber', /^\d{9,18}$/, 'an Indian account number is 9 to 18 digits'),
    equals('routingCodeType1', 'IFSC'),
    { field: 'routingCodeValue1', check: (r) => isValidIfsc(text(r, 'routingCodeValue1')), description: 'a valid IFSC is required' },
  ],
  'BRL-BR-PROXY': [
    {
      field: 'proxyValue',
      check: (r) => (PIX_PROXY[text(r, 'proxyType')] ?? []).includes(pixKeyType(text(r, 'proxyValue')) ?? ''),
      description: 'proxyValue must be a Pix key of the proxyType (MOBILE, ID, EMAIL or RANDOM_KEY)',
    },
    ...cpf,
  ],
  'BRL-BR-LOCAL': [
    matches('beneficiaryAccountNumber', /^\d{1,12}-?[\dX]?$/, 'a Brazilian account number is up to 12 digits and its check digit'),
    matches('beneficiaryBankCode', /^\d{3}$/, 'a Brazilian bank code is 3 digits'),
    equals('routingCodeType1', 'BRANCH CODE'),
    matches('routingCodeValue1', /^\d{4}$/, 'a Brazilian branch code is 4 digits'),
    matches('beneficiaryBankAccountType', /^(Checking|Saving)$/, 'beneficiaryBankAccountType must be Checking or Saving'),
    ...cpf,
  ],
  'EUR-DE-LOCAL': [
    {
      field: 'beneficiaryAccountNumber',
      check: (r) => ibanProblem(text(r, 'beneficiaryAccountNumber'), 'DE') === null,
      description: 'a valid German IBAN is required',
    },
    equals('routingCodeType1', 'SWIFT'),
    { field: 'routingCodeValue1', check: (r) => isValidBic(text(r, 'routingCodeValue1')), description: 'a valid BIC is required' },
  ],
  'JPY-JP-LOCAL': [
    matches('beneficiaryAccountNumber', /^\d{7}$/, 'a Japanese account number is 7 digits'),
    equals('routingCodeType1', 'BANK CODE'),
    matches('routingCodeValue1', /^\d{4}$/, 'a Japanese bank code is 4 digits'),
    equals('routingCodeType2', 'BRANCH CODE'),
    matches('routingCodeValue2', /^\d{3}$/, 'a Japanese branch code is 3 digits'),
  ],
  'MXN-MX-LOCAL': [
    {
      field: 'beneficiaryAccountNumber',
      check: (r) => isValidClabe(text(r, 'beneficiaryAccountNumber')),
      description: 'a valid CLABE is required',
    },
  ],
  'PHP-PH-LOCAL': [
    matches('beneficiaryAccountNumber', /^\d{6,20}$/, 'a Philippine account number is 6 to 20 digits'),
    equals('routingCodeType1', 'SWIFT'),
    {
      field: 'routingCodeValue1',
      check: (r) => isValidBic(text(r, 'routingCodeValue1'), 'PH'),
      description: 'a valid BIC of a Philippine bank is required',
    },
  ],
};

const corridorKey = (request: Json) =>
  `${text(request, 'destinationCurrency')}-${text(request, 'destinationCountry') || text(request, 'beneficiaryCountryCode')}-${text(request, 'payoutMethod')}`;

/** Add Beneficiary V2: the corridor's required fields checked, then a beneficiary with its payout method. */
export function createBeneficiaries() {
  const beneficiaries = new Map<string, Beneficiary>();

  function add(customerHashId: string, request: Json): FakeAnswer {
    const rules = CORRIDOR_RULES[corridorKey(request)];
    if (!rules)
      return niumError(400, 'Corridor not supported', [
        { code: 'invalid_input', description: `${corridorKey(request)} is not an enabled corridor` },
      ]);
    const broken = rules.filter((rule) => !rule.check(request));
    if (broken.length > 0)
      return niumError(
        400,
        'Validation failed',
        broken.map((rule) => ({ code: 'invalid_input', description: rule.description, field: rule.field })),
      );
    const now = new Date().toISOString();
    const beneficiary: Beneficiary = {
      ...request,
      customerHashId,
      beneficiaryHashId: newId().replaceAll('-', ''),
      payoutHashId: newId(),
      beneficiaryCreatedAt: now,
      payoutCreatedAt: now,
    };
    beneficiaries.set(beneficiary.beneficiaryHashId, beneficiary);
    return { status: 200, body: resource(beneficiary) };
  }

  /** The answer: the request's fields as Nium echoes them, without ours (the customer). */
  function resource(beneficiary: Beneficiary): Json {
    const answer: Json = { ...beneficiary };
    delete answer.customerHashId;
    for (const key of [
      'beneficiaryName_local',
      'convertDestinationCurrency',
      'authenticationCode',
      'beneficiaryAddress',
      'beneficiaryCity',
      'beneficiaryState',
      'beneficiaryPostcode',
      'beneficiaryContactCountryCode',
      'beneficiaryContactNumber',
      'beneficiaryName_local',
      'remitterBeneficiaryRelationship',
      'beneficiaryBankAccountType',
    ])
      delete answer[key];
    return answer;
  }

  function show(customerHashId: string, beneficiaryHashId: string): FakeAnswer {
    const beneficiary = beneficiaries.get(beneficiaryHashId);
    if (!beneficiary || beneficiary.customerHashId !== customerHashId)
      return niumError(404, 'Beneficiary not found', [{ code: 'resource_not_found', description: 'No beneficiary with this id' }]);
    return { status: 200, body: resource(beneficiary) };
  }

  return { beneficiaries, add, show };
}
