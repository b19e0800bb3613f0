import { fromReferenceRect, type SignatureField } from '@crewpay/core';
import type { PageSize } from './pdf-tasks.ts';

/** One entry of Dropbox Sign's `form_fields_per_document` (SubFormFieldsPerDocumentSignature). */
type DropboxSignFormField = {
  document_index: number;
  api_id: string;
  type: 'signature';
  required: boolean;
  /** The signer's index in `signers`, as text (the description types it a string that may hold an integer). */
  signer: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

/**
 * Dropbox Sign sizes fields in an 80 DPI system whatever the coordinate system, while positions
 * given with `page` are in the page's points (72 DPI), top-left based (Dropbox Sign's help,
 * "How to use the Form_Fields_Per_Document parameter"). A width in points is 80/72 of it there.
 */
const SIZE_PER_POINT = 80 / 72;

/**
 * Our blocks (top-left based points on the 612x792 reference page, scaled to each page's size as
 * the built-in stamp does) as Dropbox Sign's fields of the one document, for its one signer. The
 * `page` makes Dropbox Sign use its newer coordinate system; every number is a whole one.
 */
export function dropboxSignFields(fields: SignatureField[], pages: PageSize[]): DropboxSignFormField[] {
  return fields.map((field) => {
    const page = pages[field.page - 1] ?? { width: 612, height: 792 };
    const rect = fromReferenceRect(field, page);
    return {
      document_index: 0,
      api_id: field.api_id,
      type: 'signature',
      required: field.required,
      signer: String(field.signer),
      page: field.page,
      x: Math.round(rect.x),
      y: Math.round(rect.y),
      width: Math.round(rect.width * SIZE_PER_POINT),
      height: Math.round(rect.height * SIZE_PER_POINT),
    };
  });
}
