import { chapter3Statuses, chapter4Statuses, countryName, foreignCountryCodes, usStates } from '@crewpay/core';

const words = (value: string) => {
  const text = value.replace(/_/g, ' ').replace(/\b(nffe|ffi)\b/gi, (part) => part.toUpperCase());
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const classificationOptions = [
  { value: 'individual', label: 'Individual/sole proprietor' },
  { value: 'c_corporation', label: 'C corporation' },
  { value: 's_corporation', label: 'S corporation' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'trust_estate', label: 'Trust/estate' },
  { value: 'llc', label: 'LLC' },
  { value: 'other', label: 'Other' },
] as const;
export const llcOptions = [
  { value: 'C', label: 'C corporation' },
  { value: 'S', label: 'S corporation' },
  { value: 'P', label: 'Partnership' },
] as const;
export const tinTypeOptions = [
  { value: 'ssn', label: 'SSN or ITIN' },
  { value: 'ein', label: 'EIN' },
] as const;
export const stateOptions = usStates.map((state) => ({ value: state.code, label: `${state.code} — ${state.name}` }));
export const countryOptions = foreignCountryCodes
  .map((code) => ({ value: code, label: countryName(code) }))
  .sort((a, b) => a.label.localeCompare(b.label));
export const chapter3Options = chapter3Statuses.map((value) => ({ value, label: words(value) }));
export const chapter4Options = chapter4Statuses.map((value) => ({ value, label: words(value) }));
