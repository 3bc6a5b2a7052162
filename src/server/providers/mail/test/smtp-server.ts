import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  mail: ParsedMail;
  envelope: { from: string | false; to: string[] };
  /** The user the client signed in as, if it did. */
  user: string | undefined;
}

export interface LocalSmtpServer {
  port: number;
  /** SMTP_URL for this server, with credentials when given. */
  url(credentials?: { user: string; password: string }): string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (random port, plain text, sign-in optional) that keeps every message
 * it accepts, parsed. It accepts the `users` given and refuses recipients at `bounce@…` with a 550,
 * like a real server refusing a mailbox.
 */
export async function startSmtpServer(users: Record<string, string> = {}): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username && users[auth.username] === auth.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce@'))
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            mail,
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : false,
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            user: session.user,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: (credentials) =>
      credentials
        ? `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`
        : `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
