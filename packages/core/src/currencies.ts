// Money in any currency is an integer count of that currency's minor unit (cents, pence, yen,
// fils): ISO 4217 says how many decimals a currency has. Floats never hold an amount; rates
// and decimal texts are converted with BigInt arithmetic on their digits.

/**
 * ISO 4217 active codes with their minor units (the standard's "E" column), as of amendment
 * 176 (2024). Funds codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW) and metals are left out:
 * nobody is paid in them.
 */
const MINOR_UNITS_TABLE =
  'AED2 AFN2 ALL2 AMD2 ANG2 AOA2 ARS2 AUD2 AWG2 AZN2 BAM2 BBD2 BDT2 BGN2 BHD3 BIF0 BMD2 BND2 BOB2 BRL2 BSD2 BTN2 BWP2 ' +
  'BYN2 BZD2 CAD2 CDF2 CHF2 CLP0 CNY2 COP2 CRC2 CUP2 CVE2 CZK2 DJF0 DKK2 DOP2 DZD2 EGP2 ERN2 ETB2 EUR2 FJD2 FKP2 GBP2 ' +
  'GEL2 GHS2 GIP2 GMD2 GNF0 GTQ2 GYD2 HKD2 HNL2 HTG2 HUF2 IDR2 ILS2 INR2 IQD3 IRR2 ISK0 JMD2 JOD3 JPY0 KES2 KGS2 KHR2 ' +
  'KMF0 KPW2 KRW0 KWD3 KYD2 KZT2 LAK2 LBP2 LKR2 LRD2 LSL2 LYD3 MAD2 MDL2 MGA2 MKD2 MMK2 MNT2 MOP2 MRU2 MUR2 MVR2 MWK2 ' +
  'MXN2 MYR2 MZN2 NAD2 NGN2 NIO2 NOK2 NPR2 NZD2 OMR3 PAB2 PEN2 PGK2 PHP2 PKR2 PLN2 PYG0 QAR2 RON2 RSD2 RUB2 RWF0 SAR2 ' +
  'SBD2 SCR2 SDG2 SEK2 SGD2 SHP2 SLE2 SOS2 SRD2 SSP2 STN2 SVC2 SYP2 SZL2 THB2 TJS2 TMT2 TND3 TOP2 TRY2 TTD2 TWD2 TZS2 ' +
  'UAH2 UGX0 USD2 UYU2 UZS2 VES2 VND0 VUV0 WST2 XAF0 XCD2 XCG2 XOF0 XPF0 YER2 ZAR2 ZMW2 ZWG2';

export const CURRENCY_MINOR_UNITS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(MINOR_UNITS_TABLE.split(' ').map((entry) => [entry.slice(0, 3), Number(entry.slice(3))])),
);

export const currencyCodes = Object.keys(CURRENCY_MINOR_UNITS) as [string, ...string[]];

export function isCurrencyCode(code: string): boolean {
  return Object.hasOwn(CURRENCY_MINOR_UNITS, code);
}

/** How many decimals `currency` has (JPY 0, USD 2, BHD 3); throws for a code ISO 4217 does not list. */
export function minorUnits(currency: string): number {
  const units = CURRENCY_MINOR_UNITS[currency];
  if (units === undefined) throw new RangeError(`${currency} is not an ISO 4217 currency`);
  return units;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * 125000 GBP -> "£1,250.00", 125000 JPY -> "¥125,000", 1250 BHD -> "BHD 1.250": the symbol
 * and grouping of `locale`, always with the currency's own number of decimals (Intl rounds a
 * few, ISK for one, differently from ISO 4217).
 */
export function formatMinor(amount: number, currency: string, locale = 'en-US'): string {
  const units = minorUnits(currency);
  const key = `${locale} ${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: units, maximumFractionDigits: units });
    formatters.set(key, format);
  }
  // The digits are placed as text so no float division rounds a minor unit away.
  const major = minorToMajorString(amount, currency);
  return format.format(major as unknown as number);
}

/** 125050 in USD -> "1250.50", 125050 in JPY -> "125050", 1250 in BHD -> "1.250": the plain decimal text. */
export function minorToMajorString(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError('An amount is a whole number of minor units');
  const units = minorUnits(currency);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(units + 1, '0');
  if (units === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -units)}.${digits.slice(-units)}`;
}

/**
 * What a person typed ("1,250.5", "£3", "125 000") into minor units of `currency`, or null for
 * anything that is not a non-negative amount with at most the currency's decimals (a yen
 * amount has none). Works on the text, so no float error reaches a minor unit.
 */
export function parseMajorToMinor(input: string, currency: string): number | null {
  const units = minorUnits(currency);
  const cleaned = input.replace(/[\s,'\u00a0\u202f]/g, '').replace(/^[^\d.-]+/, '');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || cleaned === '' || cleaned === '.') return null;
  const [, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (fraction.length > units) return null;
  const amount = Number(`${whole || '0'}${fraction.padEnd(units, '0')}`);
  return Number.isSafeInteger(amount) ? amount : null;
}

/**
 * A provider's decimal amount ("5418.1700", 100.5) as minor units of `currency`. Trailing zeros
 * beyond the currency's decimals are fine; a non-zero digit there is refused (null): an amount
 * a currency cannot hold is a provider's mistake, not something to round away silently.
 */
export function decimalToMinor(value: string | number, currency: string): number | null {
  const units = minorUnits(currency);
  const text = typeof value === 'number' ? decimalText(value) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(units))) return null;
  const amount = Number(`${sign}${whole}${fraction.slice(0, units).padEnd(units, '0')}`);
  return Number.isSafeInteger(amount) ? amount : null;
}

/** A number's plain decimal text, without exponent notation (1e-7 -> "0.0000001"). */
function decimalText(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/** A rate as an exact fraction: its decimal digits over a power of ten. */
function rateFraction(rate: string | number): { numerator: bigint; denominator: bigint } {
  const text = typeof rate === 'number' ? decimalText(rate) : rate.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || !/[1-9]/.test(text)) throw new RangeError(`${String(rate)} is not a positive exchange rate`);
  const fraction = match[2] ?? '';
  return { numerator: BigInt(`${match[1]}${fraction}`), denominator: 10n ** BigInt(fraction.length) };
}

/**
 * What `amount` minor units of `from` are worth in `to` at `rate` (units of `to` for one unit
 * of `from`, as FX quotes give it), rounded half up to `to`'s minor unit. 10000 USD cents at
 * 83.2155 INR -> 832155 paise; 10000 USD cents at 151.37 JPY -> 15137 yen.
 */
export function convertMinor(amount: number, options: { from: string; to: string; rate: string | number }): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('An amount is a non-negative whole number of minor units');
  const { numerator, denominator } = rateFraction(options.rate);
  const scaleFrom = 10n ** BigInt(minorUnits(options.from));
  const scaleTo = 10n ** BigInt(minorUnits(options.to));
  const top = BigInt(amount) * numerator * scaleTo;
  const bottom = denominator * scaleFrom;
  const converted = (top * 2n + bottom) / (bottom * 2n);
  return Number(converted);
}

/**
 * The least `from` minor units that buy `destination` minor units of `to` at `rate` (units of `to`
 * per unit of `from`), rounded UP to `from`'s minor unit, as Nium prices a transfer whose
 * destination amount is fixed: the payee receives at least what was asked. 1000 GBP pence at
 * 0.788 -> 1270 US cents.
 */
export function sourceForMinor(destination: number, options: { from: string; to: string; rate: string | number }): number {
  if (!Number.isSafeInteger(destination) || destination < 0)
    throw new RangeError('An amount is a non-negative whole number of minor units');
  const { numerator, denominator } = rateFraction(options.rate);
  const scaleFrom = 10n ** BigInt(minorUnits(options.from));
  const scaleTo = 10n ** BigInt(minorUnits(options.to));
  const top = BigInt(destination) * denominator * scaleFrom;
  const bottom = numerator * scaleTo;
  return Number((top + bottom - 1n) / bottom);
}

/**
 * The currencies an invoice may be billed in: Stripe presentment currencies for card payments to
 * a US account (docs.stripe.com/currencies), settled by Stripe in USD. Kept short on purpose
 * (the currencies agencies' clients pay in); JPY is the zero-decimal one. `minimum` is the
 * invoice minimum in the currency's minor units (at least Stripe's minimum charge, near $1), and
 * `sandbox_usd_rate` the USD for one unit the sandbox and the Stripe fake settle at (Stripe's
 * balance transaction's exchange_rate): live mode uses the rate Stripe reports, never this one.
 */
export const INVOICE_CURRENCIES = {
  usd: { minimum: 100, sandbox_usd_rate: '1' },
  eur: { minimum: 100, sandbox_usd_rate: '1.0841' },
  gbp: { minimum: 100, sandbox_usd_rate: '1.2702' },
  cad: { minimum: 100, sandbox_usd_rate: '0.7318' },
  aud: { minimum: 100, sandbox_usd_rate: '0.6587' },
  nzd: { minimum: 100, sandbox_usd_rate: '0.6012' },
  chf: { minimum: 100, sandbox_usd_rate: '1.1296' },
  sek: { minimum: 300, sandbox_usd_rate: '0.0951' },
  nok: { minimum: 300, sandbox_usd_rate: '0.0934' },
  dkk: { minimum: 250, sandbox_usd_rate: '0.1453' },
  sgd: { minimum: 100, sandbox_usd_rate: '0.7446' },
  hkd: { minimum: 400, sandbox_usd_rate: '0.1281' },
  mxn: { minimum: 1000, sandbox_usd_rate: '0.0583' },
  jpy: { minimum: 100, sandbox_usd_rate: '0.006607' },
} as const satisfies Record<string, { minimum: number; sandbox_usd_rate: string }>;
export type InvoiceCurrency = keyof typeof INVOICE_CURRENCIES;
export const invoiceCurrencies = Object.keys(INVOICE_CURRENCIES) as [InvoiceCurrency, ...InvoiceCurrency[]];

export function isInvoiceCurrency(code: string): code is InvoiceCurrency {
  return Object.hasOwn(INVOICE_CURRENCIES, code);
}

/** An invoice's amount with its currency's symbol and decimals (USD as before: "$1,250.00"; "€1,250.00"; "¥125,000"). */
export function formatInvoiceAmount(amount: number, currency: string): string {
  return formatMinor(amount, currency.toUpperCase());
}

/**
 * How the sandbox and the Stripe fake settle a charge in `currency` on a US account: the amount
 * and Crewpay's application fee converted to USD cents at the currency's sandbox_usd_rate,
 * rounded half up, as Stripe's balance transaction reports them (amount, exchange_rate). Null for USD.
 */
export function sandboxUsdSettlement(
  currency: string,
  money: { amount: number; fee: number },
): { settled_usd: number; settled_fee_usd: number; exchange_rate: string } | null {
  if (currency === 'usd') return null;
  if (!isInvoiceCurrency(currency)) throw new RangeError(`${currency} is not an invoice currency`);
  const rate = INVOICE_CURRENCIES[currency].sandbox_usd_rate;
  const convert = (value: number) => convertMinor(value, { from: currency.toUpperCase(), to: 'USD', rate });
  return { settled_usd: convert(money.amount), settled_fee_usd: convert(money.fee), exchange_rate: rate };
}
