export interface SmsMessage {
  /** E.164, e.g. +447700900123 */
  to: string;
  text: string;
}

/** Sends text messages. Adapters: the database outbox (embedded default) and a real provider. */
export interface SmsSender {
  readonly kind: 'outbox' | 'twilio';
  send(message: SmsMessage): Promise<void>;
}
