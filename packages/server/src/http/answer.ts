import { z } from 'zod';
import { envelopeOf } from '@verdict/shared';

/**
 * A route's `schema.response`: the envelope around its `data` schema, for the success status.
 * It types the handler's return, documents the answer in /api/docs, and is what the suites check
 * every answer against (response-check.ts). Production sends plain JSON (app.ts).
 */
export const answer = <T extends z.ZodType>(data: T) => ({ 200: envelopeOf(data) });

/**
 * A route that answers a file (a download, an export): its body is bytes, not an envelope. The
 * error answers are still envelopes; the check looks at JSON bodies only.
 */
export const fileAnswer = (what: string, contentType = 'application/octet-stream') =>
  ({ 200: { description: what, content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } } } });
