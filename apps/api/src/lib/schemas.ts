import { z } from 'zod';

/** The error answer every route may give, declared once for the OpenAPI document. */
const errorAnswer = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
  // A batch's per-row messages (POST /v1/payments).
  rows: z.array(z.object({ index: z.number().int(), message: z.string() })).optional(),
  // A payments CSV's row errors (POST /v1/payments/upload): the row of the file, its column and the message.
  row_errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })).optional(),
  // Two-factor sign-in: the client shows the code field, the re-verify dialog, or the set-up.
  two_factor_required: z.boolean().optional(),
  fresh_factor_required: z.boolean().optional(),
  two_factor_enrolment_required: z.boolean().optional(),
});

export const errorResponses = {
  400: errorAnswer,
  401: errorAnswer,
  403: errorAnswer,
  404: errorAnswer,
  409: errorAnswer,
  410: errorAnswer,
  429: errorAnswer,
  503: errorAnswer,
} as const;

export const idParams = z.object({ id: z.uuid({ error: 'Not found' }) });
