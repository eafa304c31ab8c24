import { createHash } from "node:crypto";
import type { HandlerResult } from "../http/handler-result.js";
import type { PageError } from "../http/page-error.js";
import { html, SafeHtml } from "./html-template.js";
import { describeScope, isBasicScope } from "./scopes.js";

const pageTitle = "Sign in with Google";

const css = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0f4f9;color:#1f1f1f}
.sandbox-banner{background:#fef7e0;border-bottom:1px solid #f9e199;color:#5c4400;padding:8px 16px;text-align:center;font-size:14px}
.sandbox-banner strong{font-weight:600}
main{max-width:448px;margin:48px auto;padding:36px 40px;background:#fff;border-radius:28px}
.brand{display:flex;align-items:center;gap:8px;font-size:14px;color:#444746}
.brand-mark{display:inline-flex;width:24px;height:24px;border-radius:50%;background:#1a73e8;color:#fff;font-weight:700;align-items:center;justify-content:center;font-size:14px}
h1{font-size:28px;font-weight:400;margin:16px 0 4px}
p{margin:0 0 16px;color:#444746}
label.field{display:block;font-size:14px;font-weight:500;margin:24px 0 6px}
input[type=email]{width:100%;padding:13px 15px;font-size:16px;border:1px solid #747775;border-radius:4px}
input[type=email]:focus{outline:2px solid #0b57d0;border-color:transparent}
.error{color:#b3261e;font-size:14px;margin:8px 0 0}
.actions{display:flex;justify-content:flex-end;gap:8px;margin-top:32px}
button{font:inherit;font-size:14px;font-weight:500;border-radius:20px;padding:10px 24px;cursor:pointer;border:0}
button.primary{background:#0b57d0;color:#fff}
button.secondary{background:transparent;color:#0b57d0}
button:focus-visible{outline:2px solid #0b57d0;outline-offset:2px}
.account{margin:12px 0 8px;display:flex;align-items:center;gap:8px;border:1px solid #c4c7c5;border-radius:16px;padding:4px 12px 4px 4px;width:max-content;font-size:14px}
.account img{width:24px;height:24px;border-radius:50%}
ul.scopes{list-style:none;padding:0;margin:16px 0 0;border-top:1px solid #e3e3e3}
ul.scopes li{padding:12px 0;border-bottom:1px solid #e3e3e3;display:flex;gap:12px;align-items:flex-start}
ul.scopes input{width:18px;height:18px;margin:3px 0 0}
ul.scopes li.scope-basic{padding-left:30px}
.note{font-size:12px;color:#444746;margin-top:16px}
`;

const styleHash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;

/** Security headers for every sandbox page; `formTarget` is the client's redirect origin (forms redirect there). */
function pageHeaders(formTarget?: string): Record<string, string> {
  const formAction = formTarget ? `'self' ${formTarget}` : "'self'";
  return {
    "content-security-policy": `default-src 'none'; style-src ${styleHash}; img-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "cache-control": "no-store",
  };
}

function layout(body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${pageTitle}</title>
<style>${new SafeHtml(css)}</style>
</head>
<body>
<div class="sandbox-banner" role="note"><strong>Tidemark sandbox</strong> — this is not Google. Any email signs in; no password, nothing leaves this machine.</div>
<main>
<div class="brand"><span class="brand-mark" aria-hidden="true">G</span><span>Sign in with Google (sandbox)</span></div>
${body}
</main>
</body>
</html>
`.value;
}

export interface EmailPageInput {
  action: string;
  csrfToken: string;
  clientName: string;
  email: string;
  error?: string;
  formTarget: string;
}

export function renderEmailPage(input: EmailPageInput, status = 200): HandlerResult {
  const body = html`
<h1>Sign in</h1>
<p>to continue to <strong>${input.clientName}</strong></p>
<form method="post" action="${input.action}">
<input type="hidden" name="csrf_token" value="${input.csrfToken}">
<label class="field" for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus value="${input.email}"${
    input.error ? html` aria-invalid="true" aria-describedby="email-error"` : ""
  }>
${input.error ? html`<p class="error" id="email-error" role="alert">${input.error}</p>` : ""}
<p class="note">Any address works: the sandbox creates a Google account for it, with sample Analytics data.</p>
<div class="actions"><button class="primary" type="submit">Continue</button></div>
</form>`;
  return { type: "html", status, html: layout(body), headers: pageHeaders(input.formTarget) };
}

export interface ConsentPageInput {
  action: string;
  csrfToken: string;
  clientName: string;
  email: string;
  pictureUrl: string;
  scopes: string[];
  formTarget: string;
}

export function renderConsentPage(input: ConsentPageInput): HandlerResult {
  const items = input.scopes.map((scope) =>
    isBasicScope(scope)
      ? html`<li class="scope-basic">${describeScope(scope)}</li>`
      : html`<li><input type="checkbox" id="scope-${scope}" name="scope" value="${scope}" checked><label for="scope-${scope}">${describeScope(scope)}</label></li>`,
  );
  const body = html`
<h1>${input.clientName} wants access to your Google Account</h1>
<div class="account"><img src="${input.pictureUrl}" alt=""><span>${input.email}</span></div>
<form method="post" action="${input.action}">
<input type="hidden" name="csrf_token" value="${input.csrfToken}">
<ul class="scopes">${items}</ul>
<p class="note">Untick anything you do not want to share. You can remove access later.</p>
<div class="actions">
<button class="secondary" type="submit" name="decision" value="cancel">Cancel</button>
<button class="primary" type="submit" name="decision" value="allow">Allow</button>
</div>
</form>`;
  return { type: "html", status: 200, html: layout(body), headers: pageHeaders(input.formTarget) };
}

export function renderErrorPage(error: PageError): HandlerResult {
  const body = html`
<h1>${error.title}</h1>
<p>${error.message}</p>`;
  return { type: "html", status: error.status, html: layout(body), headers: pageHeaders() };
}
