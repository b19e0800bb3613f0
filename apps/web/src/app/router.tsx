import { Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from './error-boundary.tsx';
import { GuestOnly } from './guards/guest-only.tsx';
import { TWO_FACTOR_SETUP_PATH } from '../lib/session/two-factor-gate.ts';
import { RequireAuth } from './guards/require-auth.tsx';
import { BareLayout } from './layouts/bare-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { preloadablePage } from './preloadable-page.ts';
import { LazyAppShell } from './shell/lazy-app-shell.ts';
import type { RouteHandle } from './route-handle.ts';
import { pageData, type PageData } from './route-data.ts';

// One chunk per page, and one for the signed-in shell (sign-in pages do not download it). main.tsx
// fetches the first address's chunks before the first render (see preloadable-page.ts).
const SignInPage = preloadablePage(() => import('../features/auth/pages/sign-in-page.tsx'));
const SignUpPage = preloadablePage(() => import('../features/auth/pages/sign-up-page.tsx'));
const SetNewPasswordPage = preloadablePage(() => import('../features/auth/pages/set-new-password-page.tsx'));
const ConfirmSignUpPage = preloadablePage(() => import('../features/auth/pages/confirm-sign-up-page.tsx'));
const ConfirmEmailPage = preloadablePage(() => import('../features/auth/pages/confirm-email-page.tsx'));
const CreateOrgPage = preloadablePage(() => import('../features/orgs/pages/create-org-page.tsx'));
const HomePage = preloadablePage(() => import('../features/home/pages/home-page.tsx'));
const CreatorHomePage = preloadablePage(() => import('../features/creator-portal/pages/creator-home-page.tsx'));
const CreatorPaymentsPage = preloadablePage(() => import('../features/creator-portal/pages/creator-payments-page.tsx'));
const CreatorTaxDocumentsPage = preloadablePage(() => import('../features/creator-portal/pages/creator-tax-documents-page.tsx'));
const CreatorSettingsPage = preloadablePage(() => import('../features/creator-portal/pages/creator-settings-page.tsx'));
const CreateFundAcctPage = preloadablePage(() => import('../features/activation/pages/create-fund-acct-page.tsx'));
const CreateFundBusinessPage = preloadablePage(() => import('../features/activation/pages/create-fund-business-page.tsx'));
const VerificationPage = preloadablePage(() => import('../features/activation/pages/verification-page.tsx'));
const WalletsPage = preloadablePage(() => import('../features/wallets/pages/wallets-page.tsx'));
const CreatorsPage = preloadablePage(() => import('../features/creators/pages/creators-page.tsx'));
const CreatorProfilePage = preloadablePage(() => import('../features/creators/pages/creator-profile-page.tsx'));
const AgentsManagersPage = preloadablePage(() => import('../features/agents-managers/pages/agents-managers-page.tsx'));
const AgentManagerPage = preloadablePage(() => import('../features/agents-managers/pages/agent-manager-page.tsx'));
const PaymentsPage = preloadablePage(() => import('../features/payments/pages/payments-page.tsx'));
const PaymentDetailPage = preloadablePage(() => import('../features/payments/pages/payment-detail-page.tsx'));
const NewPaymentPage = preloadablePage(() => import('../features/payments/pages/new-payment-page.tsx'));
const BankDetailsPage = preloadablePage(() => import('../features/payee/pages/bank-details-page.tsx'));
const CustomersPage = preloadablePage(() => import('../features/customers/pages/customers-page.tsx'));
const CustomerPage = preloadablePage(() => import('../features/customers/pages/customer-page.tsx'));
const TaxesPage = preloadablePage(() => import('../features/taxes/pages/taxes-page.tsx'));
const ReportsPage = preloadablePage(() => import('../features/reports/pages/reports-page.tsx'));
const CampaignsPage = preloadablePage(() => import('../features/campaigns/pages/campaigns-page.tsx'));
const NewCampaignPage = preloadablePage(() => import('../features/campaigns/pages/new-campaign-page.tsx'));
const CampaignPage = preloadablePage(() => import('../features/campaigns/pages/campaign-page.tsx'));
const SettingsPage = preloadablePage(() => import('../features/settings/pages/settings-page.tsx'));
const TwoFactorSetupPage = preloadablePage(() => import('../features/settings/pages/two-factor-setup-page.tsx'));
const InvoicesPage = preloadablePage(() => import('../features/invoices/pages/invoices-page.tsx'));
const NewInvoicePage = preloadablePage(() => import('../features/invoices/pages/new-invoice-page.tsx'));
const InvoicePage = preloadablePage(() => import('../features/invoices/pages/invoice-page.tsx'));
const PayInvoicePage = preloadablePage(() => import('../features/invoices/pages/pay-invoice-page.tsx'));
const PortalInvoicesPage = preloadablePage(() => import('../features/invoices/pages/portal-invoices-page.tsx'));
const ContractsPage = preloadablePage(() => import('../features/contracts/pages/contracts-page.tsx'));
const NewContractPage = preloadablePage(() => import('../features/contracts/pages/new-contract-page.tsx'));
const ContractPage = preloadablePage(() => import('../features/contracts/pages/contract-page.tsx'));
const NewTemplatePage = preloadablePage(() => import('../features/contracts/pages/new-template-page.tsx'));
const TemplateEditorPage = preloadablePage(() => import('../features/contracts/pages/template-editor-page.tsx'));
const SigningPage = preloadablePage(() => import('../features/contracts/pages/signing-page.tsx'));
const PortalContractsPage = preloadablePage(() => import('../features/contracts/pages/portal-contracts-page.tsx'));
const PortalContractPage = preloadablePage(() => import('../features/contracts/pages/portal-contract-page.tsx'));

const handle = (title: string, crumbs: string[] = [title], data?: PageData): RouteHandle => ({ title, crumbs, data });

/** The sign-up route carries a fixed suffix that is never shown as text. */
const SIGN_UP_PATH = '/signup/join';

/**
 * The spec's route table, every route of both documents. An unknown path falls through to the
 * catch-all and lands on / (the spec's redirect).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <BareLayout />,
            children: [
              { path: '/signin', element: <SignInPage />, handle: handle('Sign in') },
              { path: SIGN_UP_PATH, element: <SignUpPage />, handle: handle('Sign up') },
            ],
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: '/resetPassword/:linkId', element: <SetNewPasswordPage />, handle: handle('Set a new password') },
          { path: '/confirmSignup/:linkId', element: <ConfirmSignUpPage />, handle: handle('Finish signing up') },
          { path: '/confirmEmail/:linkId', element: <ConfirmEmailPage />, handle: handle('Confirm email') },
          { path: '/bankDetails', element: <BankDetailsPage />, handle: handle('Payout details') },
          { path: '/invoices/pay', element: <PayInvoicePage />, handle: handle('Pay invoice') },
          { path: '/sign/:linkId', element: <SigningPage />, handle: handle('Sign a contract') },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <BareLayout />,
            children: [
              { path: '/createOrg', element: <CreateOrgPage />, handle: handle('Create organization') },
              { path: TWO_FACTOR_SETUP_PATH, element: <TwoFactorSetupPage />, handle: handle('Set up two-factor sign-in') },
            ],
          },
          {
            element: <LazyAppShell />,
            children: [
              { path: '/', element: <HomePage />, handle: handle('Dashboard', ['Home'], pageData.home) },
              // The portal (external users only, see guards). Contracts and invoices pages register beside these.
              { path: '/creator', element: <CreatorHomePage />, handle: handle('Dashboard', ['Home']) },
              { path: '/creator/invoices', element: <PortalInvoicesPage />, handle: handle('Invoices') },
              { path: '/creator/payments', element: <CreatorPaymentsPage />, handle: handle('Payments') },
              { path: '/creator/taxes', element: <CreatorTaxDocumentsPage />, handle: handle('Tax documents') },
              { path: '/creator/settings', element: <CreatorSettingsPage />, handle: handle('Settings') },
              { path: '/creator/contracts', element: <PortalContractsPage />, handle: handle('Contracts') },
              {
                path: '/creator/contracts/:contractId',
                element: <PortalContractPage />,
                handle: handle('Contract', ['Contracts', 'Contract']),
              },
              {
                path: '/createFundAcct',
                element: <CreateFundAcctPage />,
                handle: handle('Activation step 1 of 2', ['Home', 'Activation']),
              },
              {
                path: '/createFundBusiness',
                element: <CreateFundBusinessPage />,
                handle: handle('Activation step 2 of 2', ['Home', 'Activation']),
              },
              { path: '/verification', element: <VerificationPage />, handle: handle('Verification', ['Home', 'Verification']) },
              { path: '/wallets', element: <WalletsPage />, handle: handle('Wallets') },
              // The onboarding step 'Add funds' lands on the US-only wallet.
              { path: '/funds', element: <Navigate to="/wallets?tab=usOnly" replace /> },
              { path: '/creators', element: <CreatorsPage />, handle: handle('Creators', ['Creators'], pageData.creators) },
              { path: '/creators/:id', element: <CreatorProfilePage />, handle: handle('Creator', ['Creators', 'Creator']) },
              { path: '/agentsManagers', element: <AgentsManagersPage />, handle: handle('Agents/Managers') },
              {
                path: '/agentsManagers/:id',
                element: <AgentManagerPage />,
                handle: handle('Agent/Manager', ['Agents/Managers', 'Profile']),
              },
              { path: '/payments', element: <PaymentsPage />, handle: handle('Payments', ['Payments'], pageData.payments) },
              { path: '/payments/newPayment', element: <NewPaymentPage />, handle: handle('New payment', ['Payments', 'New payment']) },
              { path: '/payments/:id', element: <PaymentDetailPage />, handle: handle('Payment', ['Payments', 'Payment']) },
              { path: '/customers', element: <CustomersPage />, handle: handle('Customers') },
              { path: '/customers/:id', element: <CustomerPage />, handle: handle('Customer', ['Customers', 'Customer']) },
              { path: '/campaigns', element: <CampaignsPage />, handle: handle('Campaigns') },
              { path: '/campaigns/new', element: <NewCampaignPage />, handle: handle('New Campaign', ['Campaigns', 'New Campaign']) },
              { path: '/campaigns/:id', element: <CampaignPage />, handle: handle('Campaign', ['Campaigns', 'Campaign']) },
              { path: '/taxes', element: <TaxesPage />, handle: handle('Taxes') },
              { path: '/reports', element: <ReportsPage />, handle: handle('Reports') },
              { path: '/settings', element: <SettingsPage />, handle: handle('Settings') },
              { path: '/invoices', element: <InvoicesPage />, handle: handle('Invoices', ['Invoices'], pageData.invoices) },
              { path: '/invoices/newInvoice', element: <NewInvoicePage />, handle: handle('New Invoice', ['Invoices', 'New Invoice']) },
              { path: '/invoices/:id', element: <InvoicePage />, handle: handle('Invoice', ['Invoices', 'Invoice']) },
              { path: '/contracts', element: <ContractsPage />, handle: handle('Contracts') },
              { path: '/contracts/new', element: <NewContractPage />, handle: handle('New Contract', ['Contracts', 'New Contract']) },
              {
                path: '/contracts/newContract',
                element: <NewContractPage />,
                handle: handle('New Contract', ['Contracts', 'New Contract']),
              },
              {
                path: '/contracts/newContractTemplate',
                element: <NewTemplatePage />,
                handle: handle('New Contract Template', ['Contracts', 'New Contract Template']),
              },
              {
                path: '/contracts/templates/:templateId/edit',
                element: <TemplateEditorPage />,
                handle: handle('Contract template editor', ['Contracts', 'Template editor']),
              },
              { path: '/contracts/:id', element: <ContractPage />, handle: handle('Contract', ['Contracts', 'Contract']) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
