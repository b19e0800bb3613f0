export { downloadCustomersReport, useCustomer, useCustomers, useUpdateCustomer } from './api/customers.ts';
export { NewCustomerDialog } from './components/new-customer-dialog.tsx';
