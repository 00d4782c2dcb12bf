import { BRAND_NAME } from '@courier/contract';
import type { MailMessage } from './mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Layout {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  closing: string[];
  /** The company the mail is from, when it is one company's (an invitation): its name and logo head the mail. */
  company?: { name: string; logoUrl: string | null };
}

/**
 * A company's name and logo as a mail's heading: the logo's path (the API's public logo route) made absolute on the
 * public URL, since a mail client opens it from outside the app.
 */
export function letterhead(company: { name: string; logoUrl: string | null }, appUrl: string) {
  const base = appUrl.replace(/\/+$/, '');
  return {
    name: company.name,
    logoUrl: company.logoUrl?.startsWith('/') ? `${base}${company.logoUrl}` : company.logoUrl,
  };
}

function header(m: Layout): string {
  if (!m.company)
    return `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#4361ee">${escapeHtml(BRAND_NAME)}</p>`;
  const logo = m.company.logoUrl
    ? `<img src="${escapeHtml(m.company.logoUrl)}" alt="" width="48" height="48" style="vertical-align:middle;margin-right:12px;border-radius:6px;object-fit:contain">`
    : '';
  return `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1f2933">${logo}<span style="vertical-align:middle">${escapeHtml(m.company.name)}</span></p>`;
}

/**
 * Every message in one shape, in plain text and in HTML (inline styles only: mail clients drop style sheets). What
 * a user typed (their name) is escaped in the HTML; nothing of it goes into a link.
 */
function render(m: Layout): MailMessage {
  const text = [
    m.greeting,
    '',
    ...m.paragraphs.flatMap((p) => [p, '']),
    `${m.action.label}: ${m.action.url}`,
    '',
    ...m.closing.flatMap((p) => [p, '']),
    `— ${BRAND_NAME}`,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${header(m)}
${p(m.greeting)}
${m.paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(m.action.url)}" style="display:inline-block;background:#4361ee;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(m.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(m.action.url)}" style="color:#4361ee;word-break:break-all">${escapeHtml(m.action.url)}</a></p>
${m.closing.map(p).join('\n')}
<p style="margin:24px 0 0;color:#52606d">— ${escapeHtml(BRAND_NAME)}</p>
</div></body></html>`;
  return { to: m.to, subject: m.subject, text, html };
}

export function passwordResetMail(opts: {
  to: string;
  firstname: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  return render({
    to: opts.to,
    subject: `Reset your ${BRAND_NAME} password`,
    greeting: `Hello ${opts.firstname},`,
    paragraphs: [
      `Someone, hopefully you, asked to set a new password for your ${BRAND_NAME} account.`,
      `The link below works once, for ${opts.validMinutes} minutes.`,
    ],
    action: { label: 'Set a new password', url: opts.link },
    closing: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
  });
}

/** The link that verifies a new account's e-mail address (decision 029). */
export function emailVerificationMail(opts: {
  to: string;
  firstname: string;
  link: string;
  validHours: number;
}): MailMessage {
  return render({
    to: opts.to,
    subject: `Verify your e-mail address for ${BRAND_NAME}`,
    greeting: `Hello ${opts.firstname},`,
    paragraphs: [
      `Welcome to ${BRAND_NAME}. Please confirm that this is your e-mail address.`,
      `The link below works once, for ${opts.validHours} hours.`,
    ],
    action: { label: 'Verify my e-mail address', url: opts.link },
    closing: ['If you did not create an account, ignore this e-mail.'],
  });
}

/**
 * An address shown to its account's old address: the first letter of its local part and its domain
 * (`n***@example.com`), enough for the owner to recognise it, not a new address handed to whoever reads the mail.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** The link, to the new address, that makes a change of sign-in e-mail (decision 056). */
export function emailChangeConfirmMail(opts: {
  to: string;
  firstname: string;
  link: string;
  validHours: number;
}): MailMessage {
  return render({
    to: opts.to,
    subject: `Confirm your new sign-in e-mail for ${BRAND_NAME}`,
    greeting: `Hello ${opts.firstname},`,
    paragraphs: [
      `You asked to sign in to ${BRAND_NAME} with this address. Nothing changes until you confirm it.`,
      `The link below works once, for ${opts.validHours} hours.`,
    ],
    action: { label: 'Confirm my new e-mail', url: opts.link },
    closing: ['If you did not ask for this, ignore this e-mail: no account will use this address.'],
  });
}

/** To the old address, when a change of sign-in e-mail is asked for: what, and the link that stops it. */
export function emailChangeRequestedMail(opts: {
  to: string;
  firstname: string;
  newEmail: string;
  link: string;
  validHours: number;
}): MailMessage {
  return render({
    to: opts.to,
    subject: `Your ${BRAND_NAME} sign-in e-mail is about to change`,
    greeting: `Hello ${opts.firstname},`,
    paragraphs: [
      `Your sign-in e-mail is about to change to ${maskEmail(opts.newEmail)}: someone signed in to your account asked for it with your password. It changes only once that address confirms it, within ${opts.validHours} hours.`,
      'If this was you, there is nothing to do. If this was not you, cancel it: the change stops and everyone signed in to your account is signed out.',
    ],
    action: { label: 'Cancel this change', url: opts.link },
    closing: [
      'Whoever asked knew your password: if it was not you, choose a new one with "Forgot your password?" on the sign-in page.',
    ],
  });
}

/** To the old address, once a change of sign-in e-mail is made: what, and the link that undoes it for some days. */
export function emailChangedMail(opts: {
  to: string;
  firstname: string;
  newEmail: string;
  link: string;
  undoValidDays: number;
}): MailMessage {
  return render({
    to: opts.to,
    subject: `Your ${BRAND_NAME} sign-in e-mail was changed`,
    greeting: `Hello ${opts.firstname},`,
    paragraphs: [
      `Your account now signs in with ${maskEmail(opts.newEmail)} instead of this address.`,
      `If this was not you, undo it within ${opts.undoValidDays} days: your account gets this address back and everyone signed in to it is signed out.`,
    ],
    action: { label: 'Undo this change', url: opts.link },
    closing: ['If this was you, there is nothing to do.'],
  });
}

/** A notification by e-mail (decision 028): what happened, a link to it, and where to change what is e-mailed. */
export function notificationMail(opts: {
  to: string;
  firstname: string;
  /** The company the notification is about, whose name and logo head the mail. */
  company?: { name: string; logoUrl: string | null };
  title: string;
  message: string;
  url: string;
  settingsUrl: string;
}): MailMessage {
  return render({
    to: opts.to,
    subject: opts.title,
    ...(opts.company ? { company: opts.company } : {}),
    greeting: `Hello ${opts.firstname},`,
    paragraphs: [opts.title, opts.message],
    action: { label: `Open in ${BRAND_NAME}`, url: opts.url },
    closing: [
      `You can choose which notifications are e-mailed to you in your account settings: ${opts.settingsUrl}`,
    ],
  });
}

/** A message from the contact form, to the platform's mailbox: who wrote, from which company, and what. */
export function contactMail(opts: {
  to: string;
  name: string;
  email: string;
  company: string;
  message: string;
}): MailMessage {
  return render({
    to: opts.to,
    subject: `Contact form: ${opts.name}${opts.company ? ` (${opts.company})` : ''}`,
    greeting: 'Hello,',
    paragraphs: [
      `${opts.name}${opts.company ? ` of ${opts.company}` : ''} wrote through the contact form:`,
      opts.message,
    ],
    action: { label: `Answer ${opts.name}`, url: `mailto:${opts.email}` },
    closing: [`Their address: ${opts.email}`],
  });
}

const ROLE_WORDS = { driver: 'a driver', 'company-admin': 'an admin' } as const;

/** An invitation to join a company (decision 032): a new account's link to choose its password. */
export function invitationMail(opts: {
  to: string;
  firstname: string;
  company: { name: string; logoUrl: string | null };
  role: keyof typeof ROLE_WORDS;
  invitedBy: string | null;
  link: string;
  validDays: number;
}): MailMessage {
  const who = opts.invitedBy ? `${opts.invitedBy} has invited you` : 'You have been invited';
  return render({
    to: opts.to,
    subject: `${opts.company.name} invites you to ${BRAND_NAME}`,
    company: opts.company,
    greeting: `Hello ${opts.firstname},`,
    paragraphs: [
      `${who} to join ${opts.company.name} on ${BRAND_NAME} as ${ROLE_WORDS[opts.role]}.`,
      `Choose your password with the link below; it works once, for ${opts.validDays} days. You then sign in with this e-mail address.`,
    ],
    action: { label: 'Accept the invitation', url: opts.link },
    closing: [
      'If you do not know this company, ignore this e-mail: no one can sign in with this address until the link is used.',
    ],
  });
}

/** A person who already has an account was given a role in another company: what changed and where to sign in. */
export function addedToCompanyMail(opts: {
  to: string;
  firstname: string;
  company: { name: string; logoUrl: string | null };
  role: keyof typeof ROLE_WORDS;
  invitedBy: string | null;
  signInUrl: string;
}): MailMessage {
  const who = opts.invitedBy ? `${opts.invitedBy} added you` : 'You were added';
  return render({
    to: opts.to,
    subject: `You joined ${opts.company.name} on ${BRAND_NAME}`,
    company: opts.company,
    greeting: `Hello ${opts.firstname},`,
    paragraphs: [
      `${who} to ${opts.company.name} as ${ROLE_WORDS[opts.role]}. Sign in with your usual password; the company is in your company menu.`,
    ],
    action: { label: `Sign in to ${BRAND_NAME}`, url: opts.signInUrl },
    closing: ["If you did not expect this, tell the company's admin."],
  });
}

/** A URL in a line of text made a link (the rest escaped). */
const linkify = (line: string) =>
  escapeHtml(line).replace(
    /https?:\/\/[^\s<]+/g,
    (url) => `<a href="${url}" style="color:#4361ee">${url}</a>`,
  );

/**
 * A message to a delivery's recipient (issue 36): the company's own words (a template it wrote, placeholders filled),
 * under its letterhead, with the link that stops its messages, also as `List-Unsubscribe` with one-click POST
 * (RFC 8058), which mail clients show as an "Unsubscribe" button.
 */
export function recipientMail(opts: {
  to: string;
  subject: string;
  body: string;
  company: { name: string; logoUrl: string | null };
  optOutUrl: string;
  oneClickUrl: string;
}): MailMessage {
  const footer = `You get these messages about a delivery from ${opts.company.name}. To stop them: ${opts.optOutUrl}`;
  const text = `${opts.body}\n\n—\n${footer}`;
  const paragraphs = opts.body.split(/\n{2,}/).map((p) => p.split('\n').map(linkify).join('<br>'));
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(opts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${header({ to: opts.to, subject: opts.subject, greeting: '', paragraphs: [], action: { label: '', url: '' }, closing: [], company: opts.company })}
${paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n')}
<p style="margin:24px 0 0;font-size:12px;color:#52606d">${linkify(footer)}</p>
</div>
</body></html>`;
  return {
    to: opts.to,
    subject: opts.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${opts.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
