// The activation details of a benchmark's or the fleet's organisation (POST /v1/org/owner and /v1/org/business): a treasury to pay from.
export const representative = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  job_title: 'CEO',
  phone: '(415) 555-0134',
  dob: '1985-12-10',
  ssn: '123456789',
  address: '1 Market St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94105',
  terms: true,
};
export const business = {
  ein: '12-3456789',
  phone: '(415) 555-0199',
  product_description: 'Creator campaigns',
  address: '1 Market St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94105',
  agreement: true,
};
