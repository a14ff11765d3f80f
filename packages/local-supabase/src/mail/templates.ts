import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { ProjectConfig } from '../config/project.js'
import { escapeHtml } from '../lib/html.js'

export type AuthMailKind = 'confirmation' | 'recovery' | 'magic_link' | 'invite' | 'email_change'

export interface TemplateData {
  ConfirmationURL: string
  Token: string
  TokenHash: string
  SiteURL: string
  RedirectTo: string
  Email: string
  NewEmail?: string
  Data: Record<string, unknown>
}

const BRAND = 'Siyakha Tech'

const DEFAULTS: Record<AuthMailKind, { subject: string; heading: string; intro: string; action: string }> = {
  confirmation: {
    subject: `Confirm your ${BRAND} account`,
    heading: 'Confirm your email address',
    intro: `Thanks for signing up for the ${BRAND} customer portal. Confirm your email address to finish creating your account.`,
    action: 'Confirm my email',
  },
  recovery: {
    subject: `Reset your ${BRAND} password`,
    heading: 'Reset your password',
    intro: `We received a request to reset the password of your ${BRAND} portal account. If it wasn't you, ignore this email.`,
    action: 'Choose a new password',
  },
  magic_link: {
    subject: `Your ${BRAND} sign-in link`,
    heading: 'Sign in to the portal',
    intro: `Use this link to sign in to the ${BRAND} customer portal.`,
    action: 'Sign in',
  },
  invite: {
    subject: `You have been invited to the ${BRAND} portal`,
    heading: "You're invited",
    intro: `You have been invited to the ${BRAND} customer portal. Accept the invitation to set up your account.`,
    action: 'Accept the invitation',
  },
  email_change: {
    subject: `Confirm your new email address for ${BRAND}`,
    heading: 'Confirm your email change',
    intro: `Confirm the change of the email address of your ${BRAND} portal account to {{ .NewEmail }}.`,
    action: 'Confirm the change',
  },
}

/** The subset of Go templates that Supabase mail templates use: `{{ .Name }}`. */
function render(template: string, data: TemplateData, html: boolean): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, name: string) => {
    const value = (data as unknown as Record<string, unknown>)[name]
    const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)
    return html ? escapeHtml(text) : text
  })
}

function defaultHtml(kind: AuthMailKind): string {
  const t = DEFAULTS[kind]
  return `<!doctype html>
<html><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#0b3d91;color:#ffffff;padding:20px 28px;font-size:20px;font-weight:bold">${BRAND}</td></tr>
<tr><td style="padding:28px">
<h1 style="font-size:22px;margin:0 0 16px">${t.heading}</h1>
<p style="line-height:1.5;margin:0 0 24px">${t.intro}</p>
<p style="margin:0 0 24px"><a href="{{ .ConfirmationURL }}" style="background:#0b3d91;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${t.action}</a></p>
<p style="line-height:1.5;margin:0 0 8px">Or enter this code: <strong>{{ .Token }}</strong></p>
<p style="font-size:12px;color:#6b7280;line-height:1.5;margin:24px 0 0">If the button does not work, copy this link into your browser:<br>{{ .ConfirmationURL }}</p>
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${BRAND} · {{ .SiteURL }}</td></tr>
</table></td></tr></table></body></html>`
}

function defaultText(kind: AuthMailKind): string {
  const t = DEFAULTS[kind]
  return `${BRAND}\n\n${t.heading}\n\n${t.intro}\n\n${t.action}: {{ .ConfirmationURL }}\n\nCode: {{ .Token }}\n`
}

/** `[auth.email.template.<kind>]` from config.toml wins, as with the Supabase CLI. */
export function renderAuthMail(
  kind: AuthMailKind,
  data: TemplateData,
  config: ProjectConfig['auth']['email'],
  supabaseDir: string,
): { subject: string; html: string; text: string } {
  const custom = config.template[kind]
  const contentPath = custom?.content_path ? path.resolve(supabaseDir, '..', custom.content_path) : undefined
  const html = contentPath && existsSync(contentPath) ? readFileSync(contentPath, 'utf8') : defaultHtml(kind)
  return {
    subject: render(custom?.subject ?? DEFAULTS[kind].subject, data, false),
    html: render(html, data, true),
    text: render(defaultText(kind), data, false),
  }
}
