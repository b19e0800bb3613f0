export { paymentsQuery, useCreatePayments, usePayment, usePayments, useSendReminders, useUpdatePayment } from './api/payments.ts';
export { paymentListFiltersOf, paymentListFiltersParams, type PaymentListFilters } from './api/list-filters.ts';
export { usePaymentMath } from './api/use-payment-math.ts';
export { CreatorPaymentsTab } from './components/creator-payments-tab.tsx';
export { EarningsSplitMemoFields } from './components/earnings-split-memo-fields.tsx';
export { ExecuteNowButton } from './components/execute-now-button.tsx';
export { PaymentActions } from './components/payment-actions.tsx';
export { paymentColumns, PaymentStatusChip } from './components/payment-columns.tsx';
export { PaymentsTable } from './components/payments-table.tsx';
