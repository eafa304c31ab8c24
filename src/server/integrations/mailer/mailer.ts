import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import { signInLinkLifetimeText } from "../../../shared/sign-in-link.js";

/** Outgoing mail. The product only ever mails sign-in links. */
export interface Mailer {
  sendSignInLink(message: { email: string; url: string }): Promise<void>;
}

/** The sign-in links a log mailer "sent" lately, for the local /dev/mail page. */
export interface Outbox {
  /** Newest first, only those of the last hour. */
  recent(): { email: string; url: string; sentAt: Date }[];
}

const outboxLifetimeMs = 60 * 60 * 1000;
/** A runaway loop in development must not grow the outbox without bound. */
const outboxCapacity = 200;

/**
 * Without SMTP the link is written to the log as exactly one line, so a person trying Tidemark
 * locally can copy it from the terminal. In the terminal's pretty format it is printed plainly,
 * without time or level, so it stands out from the request lines; in JSON it is an ordinary log
 * line (tools read it from there). The last hour's links are also kept for /dev/mail.
 */
export function createLogMailer(
  logger: Pick<FastifyBaseLogger, "info">,
  options: { plainLine?: (line: string) => void; now?: () => Date } = {},
): Mailer & { outbox: Outbox } {
  const now = options.now ?? (() => new Date());
  const sent: { email: string; url: string; sentAt: Date }[] = [];
  return {
    async sendSignInLink({ email, url }) {
      const line = `Sign-in link for ${email}: ${url}`;
      if (options.plainLine) options.plainLine(line);
      else logger.info(line);
      sent.unshift({ email, url, sentAt: now() });
      sent.length = Math.min(sent.length, outboxCapacity);
    },
    outbox: {
      recent() {
        const since = now().getTime() - outboxLifetimeMs;
        return sent.filter((message) => message.sentAt.getTime() >= since);
      },
    },
  };
}

/** Production never writes a working sign-in link to its log; configuration requires SMTP there. */
export function refuseLogMailerInProduction(): never {
  throw new Error("Production needs SMTP_URL: sign-in links are never written to the log there.");
}

export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  // Loaded when the first link is sent, not at every start: nodemailer is some 40 modules.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import("nodemailer").then(
      ({ default: nodemailer }) => nodemailer.createTransport(options.smtpUrl),
      (error: unknown) => {
        transport = undefined;
        throw error;
      },
    ));
  return {
    async sendSignInLink({ email, url }) {
      await (
        await connect()
      ).sendMail({
        from: options.from,
        to: email,
        subject: "Your Tidemark sign-in link",
        text: `Sign in to Tidemark with this link. It works once and expires in ${signInLinkLifetimeText}.\n\n${url}\n\nIf you did not ask for it, ignore this email.`,
        html: `<p>Sign in to Tidemark with the button below. It works once and expires in ${signInLinkLifetimeText}.</p><p><a href="${encodeURI(url)}">Sign in to Tidemark</a></p><p>If you did not ask for it, ignore this email.</p>`,
      });
    },
  };
}
