import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Outbox } from "../../integrations/mailer/mailer.js";
import { publicRoute } from "../../http/identity.js";

/**
 * `/dev/mail`: the sign-in links "mailed" in the last hour, for someone trying Tidemark without
 * SMTP who would rather click than copy from the terminal. Registered only without SMTP and
 * outside production. The links are credentials, so only this machine may see them: the socket's
 * own address decides, never a forwarded header, and anyone else gets the ordinary 404.
 */
export async function devMailRoutes(
  app: FastifyInstance,
  options: { outbox: Outbox },
): Promise<void> {
  app.get("/dev/mail", publicRoute, async (request, reply) => {
    if (!fromThisMachine(request)) return reply.callNotFound();
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(renderOutbox(options.outbox.recent()));
  });
}

function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? "";
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!,
  );

function renderOutbox(messages: { email: string; url: string; sentAt: Date }[]): string {
  const items = messages
    .map(
      (message) =>
        `<li><p><strong>${escapeHtml(message.email)}</strong> · <time datetime="${message.sentAt.toISOString()}">${message.sentAt.toISOString().slice(11, 19)} UTC</time></p>` +
        `<p><a href="${escapeHtml(message.url)}">Open the sign-in link</a></p></li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign-in links · Tidemark (local)</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #111; background: #fff; }
  @media (prefers-color-scheme: dark) { body { color: #eee; background: #111; } a { color: #8ab4f8; } }
  li { margin-bottom: 1rem; } p { margin: 0; }
</style>
</head>
<body>
<h1>Sign-in links</h1>
<p>Tidemark runs without <code>SMTP_URL</code>, so sign-in links are printed in the terminal instead of being mailed. The ones sent in the last hour are listed here too, newest first. Only this computer can open this page, and never in production.</p>
${messages.length ? `<ul>\n${items}\n</ul>` : '<p><em>No sign-in links in the last hour.</em> Ask for one on the <a href="/login">sign-in page</a>.</p>'}
</body>
</html>
`;
}
