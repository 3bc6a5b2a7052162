/**
 * Sends one-time codes to phone numbers. Adapters: the database outbox (embedded default), which texts
 * the code Better Auth generated, and Twilio Verify (TWILIO_* set), which makes, texts and checks its own.
 */
export interface PhoneCodeSender {
  readonly kind: 'outbox' | 'twilio';
  /**
   * Texts a code to `phoneNumber` (E.164, e.g. +447700900123). `code` is the one Better Auth generated;
   * an adapter with `checkCode` ignores it and sends its own.
   */
  sendCode(phoneNumber: string, code: string): Promise<void>;
  /**
   * Present when the provider generates and checks codes itself: true when `code` is the one it sent.
   * A wrong, expired or exhausted code is false; only a provider failure throws.
   */
  checkCode?(phoneNumber: string, code: string): Promise<boolean>;
}

/**
 * Sends a plain text message (the delivery code to the recipient's phone). The outbox adapter
 * keeps it in the database like the codes; Twilio Verify only sends its own codes, so with it
 * configured there is no text sender and callers say so.
 */
export interface TextMessageSender {
  readonly kind: 'outbox';
  send(phoneNumber: string, text: string): Promise<void>;
}
