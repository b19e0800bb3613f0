export {
  contractKeys,
  downloadContractsReport,
  downloadPdf,
  fetchPdf,
  useCampaignSummary,
  useContractReminders,
  useContracts,
  useContractTemplates,
  useInvalidateContracts,
} from './api/contracts.ts';
export { BlockEditor } from './components/block-editor.tsx';
export { contractColumns, ContractStatusChip } from './components/contract-columns.tsx';
export { ContractForm } from './components/contract-form.tsx';
export { ContractHeader } from './components/contract-header.tsx';
export { ContractsTab } from './components/contracts-tab.tsx';
export { NewContractButton } from './components/new-contract-button.tsx';
export { type ChosenPdf, PdfDropzone } from './components/pdf-dropzone.tsx';
export { PdfViewer } from './components/pdf-viewer.tsx';
export { PendingDocument } from './components/pending-document.tsx';
