// The activation steps' details (a test account's owner and business), shared by the e2e journeys
// and the web bench's seeded organisation.
export const representative = {
  first_name: 'Jenny',
  last_name: 'Rosen',
  job_title: 'CEO',
  phone: '(415) 555-0134',
  dob: '1985-06-15',
  ssn: '000000000',
  address: '510 Townsend St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94103',
  terms: true,
};
export const business = {
  ein: '000000000',
  phone: '(415) 555-0199',
  product_description: 'Creator campaigns',
  address: '510 Townsend St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94103',
  agreement: true,
};
