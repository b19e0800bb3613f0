// Generates fakes/stripe-schema/stripe.json: JSON schemas of the request parameters and the answers of
// every Stripe operation the fake serves, from the official `stripe` package's own types (the
// description the SDK is generated from), so the fake checks each exchange against what Stripe
// accepts and answers (fakes/stripe-schema/check.ts).
//
// npm run fakes:stripe-schema -w apps/api   (after upgrading the stripe package; commit the result)
//
// Parameters are checked as Stripe checks them: a parameter the type does not have is refused
// (additionalProperties false: Stripe's parameter_unknown), a required one missing is refused.
// Answers: every field the fake sends must be one of the type's, of its type; the fake may leave out
// fields Crewpay never reads (the answers' `required` lists are dropped, except id and object).
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import {
  createFormatter,
  createParser,
  createProgram,
  DEFAULT_CONFIG,
  NullType,
  SchemaGenerator,
  StringType,
  UnionType,
  type CompletedConfig,
  type SubNodeParser,
} from 'ts-json-schema-generator';
import ts from 'typescript';

type Json = Record<string, unknown>;

/** METHOD path: the parameters' type and the answer's type (Stripe namespace names; `List<T>` a list of T). */
export const STRIPE_OPERATIONS: [string, string, string][] = [
  ['GET /v1/account', 'AccountRetrieveCurrentParams', 'Account'],
  ['POST /v1/accounts', 'AccountCreateParams', 'Account'],
  ['GET /v1/accounts/{account}', 'AccountRetrieveParams', 'Account'],
  ['POST /v1/accounts/{account}', 'AccountUpdateParams', 'Account'],
  ['GET /v1/accounts/{account}/persons', 'AccountListPersonsParams', 'List<Person>'],
  ['POST /v1/accounts/{account}/persons', 'AccountCreatePersonParams', 'Person'],
  ['POST /v1/accounts/{account}/persons/{person}', 'AccountUpdatePersonParams', 'Person'],
  ['DELETE /v1/accounts/{account}/persons/{person}', 'AccountDeletePersonParams', 'DeletedPerson'],
  ['GET /v1/accounts/{account}/external_accounts', 'AccountListExternalAccountsParams', 'List<BankAccount>'],
  ['POST /v1/accounts/{account}/external_accounts', 'AccountCreateExternalAccountParams', 'BankAccount'],
  ['POST /v1/account_links', 'AccountLinkCreateParams', 'AccountLink'],
  ['POST /v1/payment_intents', 'PaymentIntentCreateParams', 'PaymentIntent'],
  ['GET /v1/payment_intents', 'PaymentIntentListParams', 'List<PaymentIntent>'],
  ['GET /v1/payment_intents/{intent}', 'PaymentIntentRetrieveParams', 'PaymentIntent'],
  ['POST /v1/payment_intents/{intent}/cancel', 'PaymentIntentCancelParams', 'PaymentIntent'],
  ['POST /v1/payment_intents/{intent}/verify_microdeposits', 'PaymentIntentVerifyMicrodepositsParams', 'PaymentIntent'],
  ['POST /v1/setup_intents', 'SetupIntentCreateParams', 'SetupIntent'],
  ['POST /v1/setup_intents/{intent}/verify_microdeposits', 'SetupIntentVerifyMicrodepositsParams', 'SetupIntent'],
  ['GET /v1/payment_methods/{payment_method}', 'PaymentMethodRetrieveParams', 'PaymentMethod'],
  ['POST /v1/customers', 'CustomerCreateParams', 'Customer'],
  ['GET /v1/customers', 'CustomerListParams', 'List<Customer>'],
  ['POST /v1/financial_connections/sessions', 'FinancialConnections.SessionCreateParams', 'FinancialConnections.Session'],
  ['GET /v1/financial_connections/sessions/{session}', 'FinancialConnections.SessionRetrieveParams', 'FinancialConnections.Session'],
  ['GET /v1/financial_connections/accounts/{account}', 'FinancialConnections.AccountRetrieveParams', 'FinancialConnections.Account'],
  ['POST /v1/refunds', 'RefundCreateParams', 'Refund'],
  ['GET /v1/refunds', 'RefundListParams', 'List<Refund>'],
  ['GET /v1/refunds/{refund}', 'RefundRetrieveParams', 'Refund'],
  ['GET /v1/charges/{charge}', 'ChargeRetrieveParams', 'Charge'],
  ['GET /v1/application_fees/{id}', 'ApplicationFeeRetrieveParams', 'ApplicationFee'],
  ['POST /v1/application_fees/{id}/refunds', 'ApplicationFeeCreateRefundParams', 'FeeRefund'],
  ['GET /v1/application_fees/{id}/refunds', 'ApplicationFeeListRefundsParams', 'List<FeeRefund>'],
  ['GET /v1/disputes/{dispute}', 'DisputeRetrieveParams', 'Dispute'],
  ['POST /v1/disputes/{dispute}', 'DisputeUpdateParams', 'Dispute'],
  ['POST /v1/disputes/{dispute}/close', 'DisputeCloseParams', 'Dispute'],
  ['GET /v1/balance', 'BalanceRetrieveParams', 'Balance'],
  ['GET /v1/balance_transactions/{id}', 'BalanceTransactionRetrieveParams', 'BalanceTransaction'],
  ['POST /v1/payouts', 'PayoutCreateParams', 'Payout'],
  ['GET /v1/payouts', 'PayoutListParams', 'List<Payout>'],
  ['GET /v1/payouts/{payout}', 'PayoutRetrieveParams', 'Payout'],
  ['POST /v1/treasury/financial_accounts', 'Treasury.FinancialAccountCreateParams', 'Treasury.FinancialAccount'],
  ['GET /v1/treasury/financial_accounts', 'Treasury.FinancialAccountListParams', 'List<Treasury.FinancialAccount>'],
  ['GET /v1/treasury/financial_accounts/{financial_account}', 'Treasury.FinancialAccountRetrieveParams', 'Treasury.FinancialAccount'],
  ['POST /v1/treasury/inbound_transfers', 'Treasury.InboundTransferCreateParams', 'Treasury.InboundTransfer'],
  ['GET /v1/treasury/inbound_transfers', 'Treasury.InboundTransferListParams', 'List<Treasury.InboundTransfer>'],
  ['GET /v1/treasury/inbound_transfers/{id}', 'Treasury.InboundTransferRetrieveParams', 'Treasury.InboundTransfer'],
  ['POST /v1/treasury/outbound_payments', 'Treasury.OutboundPaymentCreateParams', 'Treasury.OutboundPayment'],
  ['GET /v1/treasury/outbound_payments', 'Treasury.OutboundPaymentListParams', 'List<Treasury.OutboundPayment>'],
  ['GET /v1/treasury/outbound_payments/{id}', 'Treasury.OutboundPaymentRetrieveParams', 'Treasury.OutboundPayment'],
  ['GET /v1/treasury/received_credits/{id}', 'Treasury.ReceivedCreditRetrieveParams', 'Treasury.ReceivedCredit'],
  ['GET /v1/treasury/received_debits/{id}', 'Treasury.ReceivedDebitRetrieveParams', 'Treasury.ReceivedDebit'],
  ['POST /v1/treasury/credit_reversals', 'Treasury.CreditReversalCreateParams', 'Treasury.CreditReversal'],
  ['POST /v1/test_helpers/treasury/received_credits', 'TestHelpers.Treasury.ReceivedCreditCreateParams', 'Treasury.ReceivedCredit'],
  ['POST /v1/test_helpers/treasury/received_debits', 'TestHelpers.Treasury.ReceivedDebitCreateParams', 'Treasury.ReceivedDebit'],
  [
    'POST /v1/test_helpers/treasury/inbound_transfers/{id}/succeed',
    'TestHelpers.Treasury.InboundTransferSucceedParams',
    'Treasury.InboundTransfer',
  ],
  [
    'POST /v1/test_helpers/treasury/inbound_transfers/{id}/fail',
    'TestHelpers.Treasury.InboundTransferFailParams',
    'Treasury.InboundTransfer',
  ],
  [
    'POST /v1/test_helpers/treasury/inbound_transfers/{id}/return',
    'TestHelpers.Treasury.InboundTransferReturnInboundTransferParams',
    'Treasury.InboundTransfer',
  ],
  [
    'POST /v1/test_helpers/treasury/outbound_payments/{id}/post',
    'TestHelpers.Treasury.OutboundPaymentPostParams',
    'Treasury.OutboundPayment',
  ],
  [
    'POST /v1/test_helpers/treasury/outbound_payments/{id}/fail',
    'TestHelpers.Treasury.OutboundPaymentFailParams',
    'Treasury.OutboundPayment',
  ],
  [
    'POST /v1/test_helpers/treasury/outbound_payments/{id}/return',
    'TestHelpers.Treasury.OutboundPaymentReturnOutboundPaymentParams',
    'Treasury.OutboundPayment',
  ],
  ['GET /v1/events', 'EventListParams', 'List<EventEnvelope>'],
  ['POST /v1/webhook_endpoints', 'WebhookEndpointCreateParams', 'WebhookEndpoint'],
  ['POST /v1/webhook_endpoints/{webhook_endpoint}', 'WebhookEndpointUpdateParams', 'WebhookEndpoint'],
  ['GET /v1/webhook_endpoints', 'WebhookEndpointListParams', 'List<WebhookEndpoint>'],
];

/** A TypeScript name for a table entry's type: `List<Treasury.FinancialAccount>` -> ListOf_Treasury_FinancialAccount. */
const alias = (type: string) => type.replace(/^List<(.+)>$/, 'ListOf_$1').replace(/\./g, '_');
/** The test helpers' parameters are declared in their resource's own file only (not on the Stripe namespace). */
const HELPERS = ['InboundTransfers', 'OutboundPayments', 'ReceivedCredits', 'ReceivedDebits'];
const helperFile = (name: string) => HELPERS.find((file) => name.startsWith(file.replace(/s$/, '')));
const typeOf = (type: string) => {
  const listed = /^List<(.+)>$/.exec(type)?.[1];
  const named = (name: string) => {
    if (name === 'EventEnvelope') return name;
    const helper = name.startsWith('TestHelpers.Treasury.') ? helperFile(name.slice('TestHelpers.Treasury.'.length)) : undefined;
    return helper ? name.replace(/^TestHelpers/, `Helpers${helper}`) : `Stripe.${name}`;
  };
  return listed ? `Stripe.ApiList<${named(listed)}>` : named(type);
};

/** Drops `required` everywhere but id and object (answers: the fake may leave fields out, never send an unknown one). */
function loosen(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(loosen);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (Array.isArray(schema.required)) {
    const kept = (schema.required as string[]).filter((name) => name === 'id' || name === 'object');
    if (kept.length > 0) schema.required = kept;
    else delete schema.required;
  }
  for (const value of Object.values(schema)) loosen(value);
}

/**
 * An expandable field of an answer (`string | Stripe.Customer`, a Stripe object with id and object)
 * as the id Stripe answers unless asked to expand it: Crewpay expands none of them, and the full
 * graph behind them (balance transactions, Issuing ...) is neither used nor nameable in one schema.
 */
class ExpandableAsId implements SubNodeParser {
  constructor(private readonly checker: ts.TypeChecker) {}
  supportsNode(node: ts.Node): boolean {
    if (!ts.isUnionTypeNode(node) || !node.types.some((member) => member.kind === ts.SyntaxKind.StringKeyword)) return false;
    return node.types.some((member) => {
      if (!ts.isTypeReferenceNode(member)) return false;
      const type = this.checker.getTypeFromTypeNode(member);
      const objects = type.isUnion() ? type.types : [type];
      return objects.every((object) => object.getProperty('id') !== undefined && object.getProperty('object') !== undefined);
    });
  }
  createType(node: ts.UnionTypeNode) {
    const nullable = node.types.some((member) => ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword);
    return nullable ? new UnionType([new StringType(), new NullType()]) : new StringType();
  }
}

function generate(entry: string): { params: Json; answers: Json } {
  const config: CompletedConfig = {
    ...DEFAULT_CONFIG,
    path: entry,
    tsconfig: path.join(path.dirname(entry), 'tsconfig.generate.json'),
    type: '*',
    skipTypeCheck: true,
    expose: 'export',
    topRef: false,
    jsDoc: 'none',
    additionalProperties: false,
  };
  const program = createProgram(config);
  const side = (which: 1 | 2) => {
    // A generator of its own for each type: one reused across types loses definitions it already formatted.
    const generatorFor = () => {
      const parser = createParser(program, config, (chain) => {
        if (which === 2) chain.addNodeParser(new ExpandableAsId(program.getTypeChecker()));
      });
      return new SchemaGenerator(program, parser, createFormatter(config), config);
    };
    // Each type is its own schema with its own definitions: two types may name different things alike
    // (Stripe.Account and FinancialConnections.Account are both "Account").
    const schemas: Json = {};
    for (const name of new Set(STRIPE_OPERATIONS.map((operation) => alias(operation[which])))) {
      try {
        const { $schema: _schema, ...schema } = generatorFor().createSchema(name) as Json;
        schemas[name] = schema;
      } catch (error) {
        throw new Error(`${name}: ${String((error as { diagnostic?: { messageText?: string } }).diagnostic?.messageText ?? error)}`);
      }
    }
    return schemas;
  };
  const params = side(1);
  const answers = side(2);
  loosen(answers);
  return { params, answers };
}

function main() {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const stripePackage = JSON.parse(fs.readFileSync(path.join(here, '../../../../node_modules/stripe/package.json'), 'utf8')) as {
    version: string;
  };
  const entry = path.join(here, 'types.generated.ts');
  const aliases = [...new Set(STRIPE_OPERATIONS.flatMap(([, params, answer]) => [params, answer]))];
  fs.writeFileSync(
    entry,
    [
      "import type Stripe from 'stripe';",
      ...HELPERS.map(
        (file) =>
          `import type { TestHelpers as Helpers${file} } from '../../../../node_modules/stripe/esm/resources/TestHelpers/Treasury/${file}.js';`,
      ),
      '/** An event as GET /v1/events lists it; its data.object is the object of its own type, checked where it is served. */',
      "export type EventEnvelope = Omit<Stripe.Event, 'data'> & { data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> } };",
      ...aliases.map((type) => `export type ${alias(type)} = ${typeOf(type)};`),
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(here, 'tsconfig.generate.json'),
    JSON.stringify({
      compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', skipLibCheck: true },
    }),
  );
  try {
    const document = {
      source: {
        package: 'stripe',
        version: stripePackage.version,
        api_version: Stripe.API_VERSION,
        openapi_version: fs.readFileSync(path.join(here, '../../../../node_modules/stripe/OPENAPI_VERSION'), 'utf8').trim(),
        generated: new Date().toISOString().slice(0, 10),
        by: 'apps/api/fakes/stripe-schema/generate.ts (ts-json-schema-generator over the package types)',
      },
      operations: STRIPE_OPERATIONS.map(([operation, params, answer]) => ({ operation, params: alias(params), answer: alias(answer) })),
      ...generate(entry),
    };
    fs.writeFileSync(path.join(here, 'stripe.json'), `${JSON.stringify(document)}\n`);
    console.log(`stripe.json: ${STRIPE_OPERATIONS.length} operations from stripe ${stripePackage.version}`);
  } finally {
    if (!process.env.KEEP_ENTRY) fs.rmSync(entry, { force: true });
    fs.rmSync(path.join(here, 'tsconfig.generate.json'), { force: true });
  }
}

main();
