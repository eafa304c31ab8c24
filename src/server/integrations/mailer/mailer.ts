import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import { signInLinkLifetimeText } from "../../../shared/sign-in-link.js";

/** Outgoing mail. The product only ever mails sign-in links. */
export interface Mailer {
  sendSignInLink(message: { email: string; url: string }): Promise<void>;
}

/**
 * Without SMTP the link is written to the log as exactly one line, so a person trying Tidemark
 * locally can copy it from the terminal.
 */
export function createLogMailer(logger: Pick<FastifyBaseLogger, "info">): Mailer {
  return {
    async sendSignInLink({ email, url }) {
      logger.info(`Sign-in link for ${email}: ${url}`);
    },
  };
}

/** Production never writes a working sign-in link to its log; configuration requires SMTP there. */
export function refuseLogMailerInProduction(): never {
  throw new Error("Production needs SMTP_URL: sign-in links are never written to the log there.");
}

export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async sendSignInLink({ email, url }) {
      await transport.sendMail({
        from: options.from,
        to: email,
        subject: "Your Tidemark sign-in link",
        text: `Sign in to Tidemark with this link. It works once and expires in ${signInLinkLifetimeText}.\n\n${url}\n\nIf you did not ask for it, ignore this email.`,
        html: `<p>Sign in to Tidemark with the button below. It works once and expires in ${signInLinkLifetimeText}.</p><p><a href="${encodeURI(url)}">Sign in to Tidemark</a></p><p>If you did not ask for it, ignore this email.</p>`,
      });
    },
  };
}
