import { z } from 'zod';

/** The diagnostics page's test event: echoed back to the sender only. */
export const echoEventName = 'diagnostics:echo';
export const echoPayloadSchema = z.object({ text: z.string().trim().min(1).max(500) });
export type EchoPayload = z.infer<typeof echoPayloadSchema>;
export type EchoAck = { ok: true; text: string; receivedAt: string } | { ok: false; error: string };
